/** Types of `server.js` (the example is plain JavaScript; see its comments). */
import type { Server } from 'node:http';

/** One person of the company's directory. */
export interface Person {
  password: string;
  /** The stable id answered as `sub`. */
  id: string;
  email?: string;
  name?: string;
  department?: string;
  e_id?: string;
  groups?: string[];
  status?: 'active' | 'disabled';
}

/** Options of {@link createCustomSsoServer}; read on every request. */
export interface CustomSsoServerOptions {
  secret: string;
  issuer: string;
  services: string[];
  people: Record<string, Person>;
  /** Seconds from `iat` to `exp` (default 120, at most 300). */
  tokenLifetime?: number;
  /** The clock, ms (default `Date.now`). */
  clock?: () => number;
  /** The key of the tokens when it is not `secret`. */
  signingSecret?: string;
  /** The `aud` when it is not the service. */
  audience?: string;
  /** HS256 with the secret (default), or ES256 with the server's key published at `GET /jwks`. */
  algorithm?: 'HS256' | 'ES256';
}

export interface CustomSsoServer {
  server: Server;
  options: CustomSsoServerOptions;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export function createCustomSsoServer(options: CustomSsoServerOptions): CustomSsoServer;
export function signHs256(claims: Record<string, unknown>, secret: string): string;
export function signEs256(
  claims: Record<string, unknown>,
  privateKey: import('node:crypto').KeyObject,
  kid: string,
): string;
export function requestSignature(secret: string, timestamp: string, body: string): string;
