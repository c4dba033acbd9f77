/** The file storage the server's configuration selects (local disk or an S3-compatible bucket). */
import { join } from 'node:path';
import type { ServerConfig } from '../../config/serverConfig';
import type { FileStorage } from './fileStorage';
import { LocalFileStorage } from './localStorage';

/**
 * The storage the server's configuration selects: an `S3FileStorage` (`s3Storage.ts`) on
 * `config.s3` (set when `S3_BUCKET` is), else a {@link LocalFileStorage} in `<dataDir>/uploads`.
 * The S3 client is loaded only when it is used (it costs about 0.1 s and 20 MB at start). Nothing
 * is sent to the service here: a wrong bucket or key shows at the first upload, or as a warning of
 * the orphan collection that runs at start.
 *
 * @throws Error when `config.s3.prefix` is neither empty nor ends in `/` (`loadConfig` never
 *   produces such a prefix)
 */
export async function createFileStorage(config: Pick<ServerConfig, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (config.s3) {
    const { S3FileStorage } = await import('./s3Storage');
    return new S3FileStorage(config.s3);
  }
  return new LocalFileStorage(join(config.dataDir, 'uploads'));
}
