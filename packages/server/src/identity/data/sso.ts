/**
 * Data access of directory sign-in's one-time state (tables of migration 0032): requests waiting
 * for a provider's answer, and the ids of assertions already accepted; and what a method keeps on a
 * link to ask the provider later (the columns of migration 0034). Times are ms since the epoch
 * and always passed in (the service's clock), never read here.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { hashSecret } from './accounts';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Stores a request of `method` under `id` (stored hashed) with its `payload` until `expiresAt`. */
export async function insertSsoRequest(
  db: Executor,
  method: string,
  id: string,
  payload: unknown,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('sso_request')
    .values({ id_hash: hashSecret(id), method, payload: JSON.stringify(payload), expires_at: expiresAt, used_at: null })
    .execute();
}

/**
 * Spends the request `id` of `method` — atomically, so of two answers only one gets it — when it is
 * unused and not expired at `now`. Answers its payload, or null (unknown, used, expired or of
 * another method).
 */
export async function consumeSsoRequest(
  db: Executor,
  method: string,
  id: string,
  now: number,
): Promise<unknown | null> {
  const row = await db
    .updateTable('sso_request')
    .set({ used_at: now })
    .where('id_hash', '=', hashSecret(id))
    .where('method', '=', method)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('payload')
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as unknown) : null;
}

/**
 * Records that assertion (or ticket) `assertionId` of `method` was accepted, kept until
 * `expiresAt`. Answers false when it was recorded before and has not expired: a replay.
 */
export async function recordSsoAssertion(
  db: Executor,
  method: string,
  assertionId: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  // An expired record no longer blocks (the assertion itself is outside its window by then).
  await db
    .deleteFrom('sso_assertion')
    .where('method', '=', method)
    .where('assertion_id', '=', assertionId)
    .where('expires_at', '<=', now)
    .execute();
  const row = await db
    .insertInto('sso_assertion')
    .values({ method, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['method', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes requests and assertion records that expired before `before` (ms). */
export async function purgeExpiredSso(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('sso_request').where('expires_at', '<', before).execute();
  await db.deleteFrom('sso_assertion').where('expires_at', '<', before).execute();
}

/**
 * Whether assertion `assertionId` of `method` was accepted before and its record has not expired
 * at `now` (a read only: the record is written by {@link recordSsoAssertion} once the assertion
 * passed every check).
 */
export async function ssoAssertionUsed(db: Executor, method: string, assertionId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('sso_assertion')
    .select('assertion_id')
    .where('method', '=', method)
    .where('assertion_id', '=', assertionId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a directory link keeps for later checks (see migration 0034). */
export interface LinkCredential {
  /** Sealed text, or null when none is kept. */
  credential: string | null;
  /** When the provider was last asked, ms; null: never. */
  checked_at: number | null;
}

/** The kept credential of the link (`source`, `subject`); undefined when there is no such link. */
export function linkCredential(db: Executor, source: string, subject: string): Promise<LinkCredential | undefined> {
  return db
    .selectFrom('third_party_account')
    .select(['credential', 'checked_at'])
    .where('source', '=', source)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/**
 * Keeps `credential` (sealed; null forgets it) on the link, asked at `checkedAt` (ms). With
 * `replacing`, only while the link still keeps that text (a concurrent sign-in's newer credential
 * wins); answers whether the row changed.
 */
export async function setLinkCredential(
  db: Executor,
  source: string,
  subject: string,
  credential: string | null,
  checkedAt: number,
  replacing?: string,
): Promise<boolean> {
  let update = db
    .updateTable('third_party_account')
    .set({ credential, checked_at: checkedAt })
    .where('source', '=', source)
    .where('subject', '=', subject);
  if (replacing !== undefined) update = update.where('credential', '=', replacing);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Claims the next check of the link at `now` (ms): moves `checked_at` to `now` when it is unset or
 * at least `interval` ms old. Atomic, so of concurrent claimants one wins; answers whether this one did.
 */
export async function claimLinkCheck(
  db: Executor,
  source: string,
  subject: string,
  now: number,
  interval: number,
): Promise<boolean> {
  const result = await db
    .updateTable('third_party_account')
    .set({ checked_at: now })
    .where('source', '=', source)
    .where('subject', '=', subject)
    .where('credential', 'is not', null)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - interval)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
