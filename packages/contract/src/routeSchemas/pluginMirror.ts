/**
 * The schemas of the back office's mirroring calls (spread into `PLUGIN_ROUTE_SCHEMAS`, `plugin.ts`;
 * docs/mirroring.md): the upstream, the allowlist and the last pull, and "pull now".
 */
import type { ROUTES } from '../routes';
import { MirrorStatus } from '../wire/mirror';
import { PLUGINS, type SchemasOf } from './definition';

/** Schemas of `mirrorStatus` and `mirrorPull`. */
export const PLUGIN_MIRROR_ROUTE_SCHEMAS = {
  mirrorStatus: {
    tags: PLUGINS,
    summary: 'Mirroring: the upstream, the allowlist and the last pull (admin)',
    description:
      'What the deployment mirrors (docs/mirroring.md): `upstream` (null when it is not a mirror), the allowlist, the interval of automatic pulls, the stored cursor, how many mirrored plugins it holds, whether a pull runs, and the latest pull or bundle import with its counts and failures.',
    response: MirrorStatus,
  },
  mirrorPull: {
    tags: PLUGINS,
    summary: 'Mirroring: pull from the upstream now (admin)',
    description:
      'Runs a pull from the upstream (or joins the one running in this process) and answers the status once it is done, `last_pull` being this pull. A pull that stopped (the upstream unreachable, an answer refused) is answered 200 with its `error`. 400 `INVALID_PARAMETER` when the deployment is not a mirror (`UPSTREAM_URL` unset).',
    response: MirrorStatus,
  },
} as const satisfies SchemasOf<Pick<typeof ROUTES.backoffice, 'mirrorStatus' | 'mirrorPull'>>;
