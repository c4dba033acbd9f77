/**
 * Reading a batch upload (`POST /api/cmt/manager/plugins/upload`): a JSON
 * array of catalogue records, or a ZIP of such JSON files. The ZIP is opened with `fflate`; its
 * central directory's declared sizes are checked before anything is inflated (entry count, each
 * entry's and the total inflated size), and every inflated entry must be exactly its declared size
 * — so a zip bomb is refused without being expanded.
 */
import { ApiErrorCode, BATCH_FILE_BYTES } from '@plugin-center/contract/schemas';
import { type UnzipFileInfo, unzipSync } from 'fflate';
import { ApiError } from '../errors';

/** Bounds of a batch upload. */
export const BATCH_LIMITS = {
  /** The uploaded file, bytes. */
  FILE_BYTES: BATCH_FILE_BYTES,
  /** Entries in a ZIP. */
  ZIP_ENTRIES: 100,
  /** One inflated ZIP entry, bytes. */
  ZIP_ENTRY_BYTES: 16 * 1024 * 1024,
  /** All inflated entries together, bytes. */
  ZIP_TOTAL_BYTES: 64 * 1024 * 1024,
  /** Records in one upload. */
  RECORDS: 20_000,
} as const;

/** One file of records: its name and its entries (not yet validated). */
export interface BatchSource {
  file: string;
  entries: unknown[];
}

/** What was read of an upload: the record files, and the files of a ZIP that could not be read. */
export interface BatchFiles {
  sources: BatchSource[];
  /** Files of a ZIP skipped as a whole (not UTF-8 JSON, not an array), with the reason. */
  rejected: { file: string; reason: string }[];
}

const refuse = (message: string) =>
  new ApiError(ApiErrorCode.UPLOAD_REJECTED, `file: ${message}`, 400, 'file');

function parseRecords(name: string, bytes: Uint8Array): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, ''));
  } catch {
    throw refuse(`${name} is not a JSON file (UTF-8)`);
  }
  if (!Array.isArray(data)) throw refuse(`${name} must contain a JSON array of plugin records`);
  return data;
}

/** Whether the bytes start like a ZIP archive (a local file header or an empty archive's end record). */
function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)
  );
}

/**
 * The record files of an upload: the JSON file itself, or every `*.json` entry of a ZIP (other
 * entries and folders ignored, in archive order). A ZIP entry that is not a UTF-8 JSON array is
 * reported in `rejected` and the others are read: one bad file does not refuse the rest.
 * @throws ApiError 400 UPLOAD_REJECTED (`field` 'file') for anything else, a single JSON file that
 *   is not an array, a ZIP over its bounds, a damaged ZIP, a ZIP none of whose files could be read,
 *   or more than {@link BATCH_LIMITS}.RECORDS records
 */
export function readBatch(fileName: string, bytes: Uint8Array): BatchFiles {
  const sources: BatchSource[] = [];
  const rejected: BatchFiles['rejected'] = [];
  if (isZip(bytes)) {
    let count = 0;
    let total = 0;
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, {
        filter(file: UnzipFileInfo) {
          count++;
          if (count > BATCH_LIMITS.ZIP_ENTRIES)
            throw refuse(`more than ${BATCH_LIMITS.ZIP_ENTRIES} entries in the ZIP`);
          if (!file.name.toLowerCase().endsWith('.json') || file.name.endsWith('/')) return false;
          if (file.originalSize > BATCH_LIMITS.ZIP_ENTRY_BYTES)
            throw refuse(
              `${file.name} inflates to more than ${BATCH_LIMITS.ZIP_ENTRY_BYTES / 1024 / 1024} MiB`,
            );
          total += file.originalSize;
          if (total > BATCH_LIMITS.ZIP_TOTAL_BYTES)
            throw refuse(`the ZIP inflates to more than ${BATCH_LIMITS.ZIP_TOTAL_BYTES / 1024 / 1024} MiB`);
          return true;
        },
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw refuse(`a damaged ZIP (${(error as Error).message})`);
    }
    for (const [name, content] of Object.entries(files)) {
      try {
        sources.push({ file: name, entries: parseRecords(name, content) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        rejected.push({ file: name, reason: error.message.replace(/^file: /, '') });
      }
    }
    if (sources.length === 0 && rejected.length === 0)
      throw refuse('the ZIP holds no .json file of plugin records');
    if (sources.length === 0) throw refuse(rejected.map((r) => r.reason).join('; '));
  } else {
    sources.push({ file: fileName, entries: parseRecords(fileName, bytes) });
  }
  const records = sources.reduce((n, s) => n + s.entries.length, 0);
  if (records > BATCH_LIMITS.RECORDS) throw refuse(`more than ${BATCH_LIMITS.RECORDS} records`);
  return { sources, rejected };
}
