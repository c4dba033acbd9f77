/**
 * Test support for the publishing and review suites: one server per suite on the local disk or in
 * an S3 bucket (s3rver), three signed-in accounts (an author, another user, a general
 * administrator), and the calls the suites make as one of them.
 */
import type { ErrorEnvelope, TagListResult } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import type { LightMyRequestResponse } from 'fastify';
import { body, createTestApp, signInTestUser, type TestApp } from './testApp';
import { multipart, publishFields } from './testFiles';
import { startTestS3, type TestS3Server } from './testS3';

/**
 * The storages the suites run on: the local disk (`DATA_DIR/uploads`), and a bucket of a real
 * S3-compatible server (s3rver on a free local port) under a key prefix.
 */
export const STORAGES = ['local', 's3'] as const;

/** The key prefix of the uploads in the S3 bucket. */
export const S3_PREFIX = 'uploads/';

/** The accounts a suite signs in. */
export type Signer = 'author' | 'other' | 'admin';

/** A started suite: its server and, on S3 storage, its s3rver. */
export interface PublishingServer {
  t: TestApp;
  s3: TestS3Server | undefined;
}

/** A suite's server, its accounts, and the requests it sends as them. */
export interface PublishingSession {
  /** Starts s3rver (on S3 storage), the server, and signs the three accounts in. */
  start(storage: (typeof STORAGES)[number]): Promise<PublishingServer>;
  /** Stops the server and s3rver. */
  close(): Promise<void>;
  /** The bearer header of an account. */
  auth(who: Signer): { authorization: string };
  /** Publishes (`POST`) or resubmits (`PUT`) a plugin as a multipart form. */
  send(
    method: 'POST' | 'PUT',
    who: Signer,
    fields: Parameters<typeof multipart>[0],
  ): Promise<LightMyRequestResponse>;
  /** A JSON request, as a visitor without `who`; its status and body. */
  json<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who?: Signer,
    payload?: object,
  ): Promise<{ status: number; body: { code: number; data: T } & Omit<ErrorEnvelope, 'data' | 'code'> }>;
  /**
   * The stored files' keys, sorted: on S3 every object under the prefix, read with a client of the
   * test's own (so nothing `S3FileStorage.list` might skip goes unseen), else the storage's list.
   */
  storedFiles(): Promise<string[]>;
  /** The plugin count of a tag on the square's tag list (0 when it is not listed). */
  tagCount(code: string): Promise<number>;
  /**
   * Publishes a plugin as the author (`publishFields` with `fields`: a new plugin, or with
   * `plugin_key` a new version of it) and approves it as the administrator (which signs it).
   * @returns its plugin_key.
   * @throws Error naming the status and body when the publish or the approval is refused.
   */
  publishAndApprove(fields?: Record<string, unknown>): Promise<string>;
}

/** A session whose server starts in a suite's `beforeAll` and closes in its `afterAll`. */
export function createPublishingSession(): PublishingSession {
  let t: TestApp | undefined;
  let s3: TestS3Server | undefined;
  const token: Record<Signer, string> = { author: '', other: '', admin: '' };
  const app = () => {
    if (!t) throw new Error('the publishing session has not started');
    return t.app;
  };

  const auth = (who: Signer) => ({ authorization: `Bearer ${token[who]}` });

  const json: PublishingSession['json'] = async (method, url, who, payload) => {
    const response = await app().inject({
      method,
      url,
      headers: who ? auth(who) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: body(response) };
  };

  const send: PublishingSession['send'] = async (method, who, fields) => {
    const { payload, headers } = await multipart(fields);
    return app().inject({ method, url: '/api/cmt/plugin', payload, headers: { ...headers, ...auth(who) } });
  };

  return {
    async start(storage) {
      s3 = storage === 's3' ? await startTestS3() : undefined;
      // These suites send dozens of publishes from one account on purpose: the hourly rate and the
      // pending cap are off here (attack/publishQuotas.test.ts tests them); the storage quota stays.
      t = await createTestApp({
        publishLimits: { perHour: 0, pendingMax: 0 },
        ...(s3 ? { s3: s3.config(S3_PREFIX) } : {}),
      });
      token.author = (await signInTestUser(t.app)).access_token;
      token.other = (await signInTestUser(t.app)).access_token;
      token.admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
      return { t, s3 };
    },
    async close() {
      await t?.close();
      await s3?.close();
    },
    auth,
    send,
    json,
    storedFiles: async () =>
      s3
        ? (await s3.objects(S3_PREFIX)).map((name) => name.slice(S3_PREFIX.length))
        : (await app().publishing.storage.list()).map((f) => f.key).sort(),
    tagCount: async (code) =>
      (await json<TagListResult>('GET', '/api/cmt/plugin/tag/list')).body.data.tag_list.find(
        (tag) => tag.code === code,
      )?.plugin_count ?? 0,
    async publishAndApprove(fields = {}) {
      const published = await send(
        fields.plugin_key ? 'PUT' : 'POST',
        'author',
        publishFields(fields as never),
      );
      if (published.statusCode !== 200)
        throw new Error(`publishing answered ${published.statusCode}: ${published.body}`);
      const key = body<{ data: { plugin_key: string } }>(published).data.plugin_key;
      const approved = await json('POST', '/api/cmt/plugin/audit/status', 'admin', {
        plugin_key: key,
        status: 2,
      });
      if (approved.status !== 200)
        throw new Error(`approving ${key} answered ${approved.status}: ${JSON.stringify(approved.body)}`);
      return key;
    },
  };
}
