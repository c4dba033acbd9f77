/**
 * Kysely table types of mirroring (migration 0046, docs/mirroring.md; conventions as in `schema.ts`).
 */
import type { Generated } from 'kysely';

/**
 * `mirror_change`: the upstream side's change sequence, appended by triggers (never written by
 * hand): one row each time what a mirror copies of a plugin changes.
 */
export interface MirrorChangeTable {
  /** The change's number, increasing in commit order. */
  seq: Generated<number>;
  /** The plugin's key (kept after the plugin is deleted). */
  plugin_key: string;
  /** ms */
  time: number;
}

/** `mirror_state`: the mirror side's progress with one upstream. */
export interface MirrorStateTable {
  /** The upstream's origin (`https://host[:port]`). */
  upstream: string;
  /** The feed cursor after the last committed batch (`'0'` before the first). */
  cursor: string;
  /** The upstream's JWKS as last fetched (JSON text); null before. */
  jwks: string | null;
  /** ms */
  update_time: number;
  /** ms until which one process holds the pull from this upstream; null when none does. */
  lease_until: Generated<number | null>;
}

/** `mirror_pull`: one pull from an upstream, or one bundle import, with what it did. */
export interface MirrorPullTable {
  id: Generated<number>;
  /** The upstream's origin. */
  upstream: string;
  /** `pull` (over HTTP) or `bundle` (`plugin-center import-bundle`). */
  source: string;
  /** ms */
  start_time: number;
  /** ms; null while it runs (or when the process stopped during it). */
  end_time: number | null;
  added: number;
  updated: number;
  withdrawn: number;
  unchanged: number;
  /** Versions left out by the allowlist. */
  skipped: number;
  failed: number;
  /** JSON array of `{ plugin_key, version, reason }`, at most 100. */
  failures: string;
  /** Why the pull stopped before the end of the feed; null when it reached it. */
  error: string | null;
}
