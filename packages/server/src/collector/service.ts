/**
 * The collector's service (issue 4; SPEC §3 analytics events, §5 analytics validation, §7
 * collector): decode a payload of the tracker, validate each record, store the good ones in one
 * statement, and say which were refused and why.
 */
import { ApiErrorCode, type CollectResult } from '@plugin-center/contract/schemas';
import type { NewAnalyticsEventRow } from '../db/schema';
import { ApiError } from '../errors';
import type { EventWriter } from './data';
import { decodePayload, type EncodedPayload, PayloadError } from './encoding';
import { validateRecord } from './validate';

/** Most records one request may carry; the ones after it are refused with a reason. */
export const MAX_BATCH_RECORDS = 500;

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

/** `[0] reason; [3] reason; … and 5 more` of the all-refused answer. */
function listReasons(rejected: CollectResult['rejected']): string {
  const listed = rejected
    .slice(0, MAX_LISTED_REASONS)
    .map((r) => `[${r.index}] ${r.reason}`)
    .join('; ');
  const more = rejected.length - MAX_LISTED_REASONS;
  return more > 0 ? `${listed}; and ${more} more` : listed;
}

/**
 * Collects one request's payload into `analytics_event` under `project`.
 *
 * Records are validated one by one ({@link validateRecord}); records after the
 * {@link MAX_BATCH_RECORDS}th are refused (`batch has more than 500 records`). Every good record of
 * the request is inserted in one statement, committed through `writer` (group commit with the
 * requests arriving at the same time), so the stored count equals `accepted`.
 *
 * @param now - the server's clock, ms: `received_at` and the reference of the `time` checks.
 * @returns `{ accepted, rejected: [{ index, reason }] }` — at least one accepted, or an empty batch.
 * @throws ApiError INVALID_PARAMETER (400) — payload-level faults (`data or data_list is required`,
 *   `crc mismatch`, `gzip=9 … is not supported`, …) and when every record was refused (message
 *   `no record accepted: [i] reason; …`, at most {@link MAX_LISTED_REASONS} listed); MALFORMED_BODY
 *   (400) — not base64 / UTF-8 / JSON, or a `data_list` that is not an array.
 */
export async function collect(
  writer: EventWriter,
  project: string,
  payload: EncodedPayload,
  now: number,
): Promise<CollectResult> {
  let records: unknown[];
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
  const rows: NewAnalyticsEventRow[] = [];
  const rejected: CollectResult['rejected'] = [];
  for (let index = 0; index < records.length; index++) {
    if (index >= MAX_BATCH_RECORDS) {
      rejected.push({ index, reason: `batch has more than ${MAX_BATCH_RECORDS} records` });
      continue;
    }
    const check = validateRecord(records[index], project, now);
    if (check.row) rows.push(check.row);
    else rejected.push({ index, reason: check.reason });
  }
  if (rows.length === 0 && rejected.length > 0) {
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `no record accepted: ${listReasons(rejected)}`);
  }
  await writer.write(rows);
  return { accepted: rows.length, rejected };
}
