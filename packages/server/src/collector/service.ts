/**
 * The collector's service (SPEC §3 analytics events, §5 analytics validation, §7
 * collector): decode a payload of the tracker, validate each record, store the good ones in one
 * statement, and say which were refused and why.
 */
import { ApiErrorCode, type CollectResult } from '@plugin-center/contract/schemas';
import type { NewAnalyticsEventRow } from '../db/schema';
import { ApiError } from '../errors';
import type { EventWriter } from './data';
import { decodePayload, type EncodedPayload, PayloadError } from './encoding';
import { validateRecord } from './validate';

/**
 * Most records one request may carry. A longer `data_list` is refused whole, before any record is
 * validated, with one error (`batch has more than 500 records`, 400 INVALID_PARAMETER), so an 11 KB
 * gzip body of 4 million records cannot make a 254 MB answer of one refusal each.
 */
export const MAX_BATCH_RECORDS = 500;

/** Longest `reason` of a refused record in an answer, characters (longer ones are cut, ending `…`). */
export const MAX_REASON_CHARS = 200;

/**
 * The smallest budget of the `rejected` list of an answer, bytes of its JSON: a single request
 * (one record, ~1 KB) can always see its reason.
 */
export const MIN_REJECTED_BYTES = 4096;

/**
 * Answer budget per byte of the request (an answer never grows beyond a small
 * multiple of its body): the `rejected` list of a 200 answer takes at most
 * `max(MIN_REJECTED_BYTES, REJECTED_BYTES_PER_BODY_BYTE × length of the data / data_list text)`
 * bytes of JSON; the refusals after that are left out of the list (then `accepted + rejected.length`
 * is less than the number of records sent). With reasons of at most {@link MAX_REASON_CHARS}
 * characters and at most {@link MAX_BATCH_RECORDS} records, the list is also never over ~120 KB.
 */
export const REJECTED_BYTES_PER_BODY_BYTE = 2;

/** How many refusal reasons the 400 message of an all-refused request lists. */
export const MAX_LISTED_REASONS = 10;

/** The project of `?project=`: `default` when absent. @throws ApiError INVALID_PARAMETER (400) when not configured. */
export function resolveProject(projects: readonly string[], project: string | undefined): string {
  const name = project === undefined || project === '' ? 'default' : project;
  if (!projects.includes(name)) {
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `project ${JSON.stringify(name.slice(0, 64))} is invalid (accepted: ${projects.join(', ')})`,
    );
  }
  return name;
}

/** `reason` cut to {@link MAX_REASON_CHARS} characters. */
function boundedReason(reason: string): string {
  return reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason;
}

/** `[0] reason; [3] reason; … and 5 more` of the all-refused answer (`refused` records in all). */
function listReasons(rejected: CollectResult['rejected'], refused: number): string {
  const listed = rejected
    .slice(0, MAX_LISTED_REASONS)
    .map((r) => `[${r.index}] ${r.reason}`)
    .join('; ');
  const more = refused - Math.min(rejected.length, MAX_LISTED_REASONS);
  return more > 0 ? `${listed}; and ${more} more` : listed;
}

/**
 * Collects one request's payload into `analytics_event` under `project`.
 *
 * A `data_list` of more than {@link MAX_BATCH_RECORDS} records is refused whole before any record is
 * read. Records are validated one by one ({@link validateRecord}); each refused one is listed with
 * its index and reason (cut to {@link MAX_REASON_CHARS} characters) while the list stays within its
 * budget ({@link REJECTED_BYTES_PER_BODY_BYTE}), so the answer stays a small multiple of the
 * request. Every good record of
 * the request is inserted in one statement, committed through `writer` (group commit with the
 * requests arriving at the same time), so the stored count equals `accepted`.
 *
 * @param now - the server's clock, ms: `received_at` and the reference of the `time` checks.
 * @param oldest - the retention cutoff, ms: records whose `time` is before it are refused
 *   (`time is invalid: older than the retention`); none when undefined.
 * @param tally - told how many records were stored and how many refused by validation, once the
 *   good ones are committed or every one was refused (the collector metrics, `metrics.ts`); not
 *   called for a payload refused whole.
 * @returns `{ accepted, rejected: [{ index, reason }] }` — at least one accepted, or an empty batch.
 * @throws ApiError INVALID_PARAMETER (400) — payload-level faults (`data or data_list is required`,
 *   `crc mismatch`, `gzip=9 … is not supported`, `batch has more than 500 records`, …) and when every record was refused (message
 *   `no record accepted: [i] reason; …`, at most {@link MAX_LISTED_REASONS} listed); MALFORMED_BODY
 *   (400) — not base64 / UTF-8 / JSON, or a `data_list` that is not an array.
 */
export async function collect(
  writer: EventWriter,
  project: string,
  payload: EncodedPayload,
  now: number,
  tally?: (accepted: number, rejected: number) => void,
  oldest?: number,
): Promise<CollectResult> {
  let records: unknown[];
  // The encoded text's length: the request's body is at least this long.
  const sent = (payload.data || payload.data_list || '').length;
  try {
    records = decodePayload(payload).records;
  } catch (error) {
    if (error instanceof PayloadError) {
      throw new ApiError(
        error.kind === 'malformed' ? ApiErrorCode.MALFORMED_BODY : ApiErrorCode.INVALID_PARAMETER,
        error.message,
      );
    }
    throw error;
  }
  if (records.length > MAX_BATCH_RECORDS) {
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `batch has more than ${MAX_BATCH_RECORDS} records`);
  }
  const rows: NewAnalyticsEventRow[] = [];
  const rejected: CollectResult['rejected'] = [];
  let budget = Math.max(MIN_REJECTED_BYTES, REJECTED_BYTES_PER_BODY_BYTE * sent);
  let refused = 0;
  for (let index = 0; index < records.length; index++) {
    const check = validateRecord(records[index], project, now, oldest);
    if (check.row) {
      rows.push(check.row);
      continue;
    }
    refused += 1;
    if (budget <= 0) continue;
    const entry = { index, reason: boundedReason(check.reason) };
    budget -= Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (budget >= 0) rejected.push(entry);
  }
  if (rows.length === 0 && refused > 0) {
    tally?.(0, refused);
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `no record accepted: ${listReasons(rejected, refused)}`,
    );
  }
  await writer.write(rows);
  tally?.(rows.length, refused);
  return { accepted: rows.length, rejected };
}
