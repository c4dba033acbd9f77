/**
 * A mirror's HTTP requests to its upstream (docs/mirroring.md): GETs with the feed token
 * (`UPSTREAM_TOKEN`), no redirects, a timeout, and answers read as they arrive and cut off beyond a
 * size, so a hostile or broken upstream can neither hang a pull nor fill the memory.
 */
import type { MirrorConfig } from '../config/mirror';

/** The largest file a mirror downloads, bytes (above every publishing limit). */
export const MIRROR_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** The largest feed page or JWKS a mirror reads, bytes. */
export const MIRROR_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
/** How long one request to the upstream may take, ms. */
export const MIRROR_REQUEST_TIMEOUT_MS = 30_000;

/** Thrown when a pull cannot go on (upstream unreachable, a malformed answer). */
export class MirrorPullError extends Error {
  override readonly name = 'MirrorPullError';
}

/**
 * Thrown when the upstream cannot answer now: unreachable, timed out, its answer cut off, or a 5xx
 * or 429 status. Even while a version's files download, it stops the whole pull before the page's
 * cursor is stored (the version is not counted as failed), so the next pull continues there.
 */
export class UpstreamUnavailableError extends MirrorPullError {}

/**
 * Thrown when an answer is larger than the mirror reads: a pull asks for a smaller page of the feed
 * (service.ts) before it gives up.
 */
export class AnswerTooLargeError extends MirrorPullError {}

/**
 * The body of `response`, refused beyond `max` bytes (read as it arrives: a huge answer is cut off,
 * never held whole).
 * @throws AnswerTooLargeError when it is larger; UpstreamUnavailableError when the answer is cut off.
 */
export async function readCapped(response: Response, max: number, what: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > max) {
    await response.body?.cancel();
    throw new AnswerTooLargeError(`${what} is larger than ${max} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  const reader = (response.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await reader.next();
    } catch (error) {
      throw new UpstreamUnavailableError(
        `${what}: the upstream's answer was cut off (${(error as Error).message})`,
      );
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > max) {
      await response.body.cancel().catch(() => {});
      throw new AnswerTooLargeError(`${what} is larger than ${max} bytes`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** GETs to one upstream. */
export class UpstreamHttp {
  constructor(
    private readonly config: MirrorConfig,
    private readonly fetch: typeof globalThis.fetch,
  ) {}

  /**
   * A GET of `path` from the upstream with its token; the answer's bytes, capped at `max`.
   * @returns undefined for a 404 of a file (`what` starting with `file`).
   * @throws UpstreamUnavailableError when the upstream cannot be reached, times out or answers a 5xx
   * or 429; AnswerTooLargeError when it answers more than `max` bytes; MirrorPullError when it
   * answers another status.
   */
  async get(path: string, max: number, what: string): Promise<Uint8Array | undefined> {
    const config = this.config;
    let response: Response;
    try {
      response = await this.fetch(new URL(path, config.upstream!), {
        headers: config.token ? { authorization: `Bearer ${config.token}` } : {},
        redirect: 'error',
        signal: AbortSignal.timeout(MIRROR_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new UpstreamUnavailableError(
        `${what}: the upstream cannot be reached (${(error as Error).message})`,
      );
    }
    if (response.status === 404 && what.startsWith('file')) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      const unavailable = response.status >= 500 || response.status === 429;
      throw new (unavailable ? UpstreamUnavailableError : MirrorPullError)(
        `${what}: the upstream answered ${response.status}`,
      );
    }
    return readCapped(response, max, what);
  }

  /** GET of a JSON answer from the upstream. @throws MirrorPullError as `get`, or when it is not JSON. */
  async getJson(path: string, what: string): Promise<unknown> {
    const bytes = await this.get(path, MIRROR_ANSWER_MAX_BYTES, what);
    try {
      return JSON.parse(Buffer.from(bytes!).toString('utf8'));
    } catch {
      throw new MirrorPullError(`${what}: the upstream's answer is not JSON`);
    }
  }

  /** The upstream's JWKS, fetched now. */
  async fetchJwks(): Promise<unknown> {
    const jwks = await this.getJson('/.well-known/plugin-center/jwks.json', 'the JWKS');
    return jwks;
  }
}
