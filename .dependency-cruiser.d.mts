import type { IConfiguration } from 'dependency-cruiser';

/** What is cruised, relative to the repository root (`packages/*` stands for every package). */
export declare const CRUISE_ROOTS: string[];
/** Top-level folders of `packages/server/src` that are not domains. */
export declare const SERVER_NON_DOMAINS: string[];
/** Top-level files of `packages/server/src` that put the domains together or start test apps. */
export declare const SERVER_COMPOSITION_FILES: string[];
/** The rules and options of the cruise. */
declare const config: IConfiguration;
export default config;
