/**
 * Test support for the banner suites: a banner image of a given size and colour, the storage key of
 * a banner's image, and a session of one server without the catalogue, its administrator and a
 * general user, with the banner calls they make.
 */
import type { Banner } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { FILE_URL_PREFIX } from '../shared/storage/fileKeys';
import { referencedFileKeys } from '../shared/storage/references';
import { body, createTestApp, signInTestUser, type TestApp } from './testApp';
import { type FilePart, multipart, pngBytes } from './testFiles';

/** The fields of a banner form (`PUT /api/cmt/manager/plugin-banner`). */
export type BannerFields = Record<string, string | string[] | FilePart | FilePart[] | undefined>;

/** A PNG banner image, 1200×400 unless told otherwise. */
export const png = (width = 1200, height = 400, rgb: [number, number, number] = [10, 20, 30]): FilePart => ({
  bytes: pngBytes(width, height, rgb),
  name: 'banner.png',
  type: 'image/png',
});

/** The storage key of a banner's image. */
export const keyOf = (banner: Banner) => banner.image.slice(FILE_URL_PREFIX.length);

/** A started banner session: its server and the tokens of its administrator and general user. */
export interface BannerServer {
  t: TestApp;
  admin: string;
  user: string;
}

/** A banner suite's server and the calls it makes, as the administrator unless a token is given. */
export interface BannerSession {
  /** Builds the server without the catalogue and signs in a general administrator and a user. */
  start(): Promise<BannerServer>;
  /** Closes the server. */
  close(): Promise<void>;
  /** Deletes every banner (through the API), leaving an empty carousel. */
  clear(): Promise<void>;
  /** Sends a banner form. */
  save(fields: BannerFields, token?: string): Promise<LightMyRequestResponse>;
  /** Sends a banner form that must succeed; the banner saved. */
  created(fields: BannerFields): Promise<Banner>;
  /** The carousel (`GET /api/cmt/plugin-banner/all`). */
  list(): Promise<Banner[]>;
  /** Deletes a banner by id. */
  remove(id: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** The keys of the stored files. */
  storedKeys(): Promise<Set<string>>;
  /** What a caller observes of the banners and the stored files, to compare before and after. */
  snapshot(): Promise<{ banners: Banner[]; files: string[] }>;
  /** Every stored file has a row and every row's file is stored. */
  expectFilesInStep(): Promise<void>;
}

/** A session whose server starts in a suite's `beforeAll` and closes in its `afterAll`. */
export function createBannerSession(): BannerSession {
  let server: BannerServer | undefined;
  const started = () => {
    if (!server) throw new Error('the banner session has not started');
    return server;
  };

  async function save(fields: BannerFields, token = started().admin) {
    const { payload, headers } = await multipart(fields);
    return started().t.app.inject({
      method: 'PUT',
      url: '/api/cmt/manager/plugin-banner',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  async function list(): Promise<Banner[]> {
    const response = await started().t.app.inject({ method: 'GET', url: '/api/cmt/plugin-banner/all' });
    expect(response.statusCode).toBe(200);
    return body<{ code: number; data: Banner[] }>(response).data;
  }

  function remove(id: unknown, token = started().admin) {
    return started().t.app.inject({
      method: 'DELETE',
      url: '/api/cmt/manager/plugin-banner',
      payload: { id },
      headers: { authorization: `Bearer ${token}` },
    });
  }

  const storedKeys = async () => new Set((await started().t.app.publishing.storage.list()).map((f) => f.key));

  return {
    async start() {
      const t = await createTestApp({ importCatalogueOnEmpty: false });
      const admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
      const user = (await signInTestUser(t.app)).access_token;
      server = { t, admin, user };
      return server;
    },
    async close() {
      await server?.t.close();
    },
    async clear() {
      for (const banner of await list()) await remove(banner.id);
    },
    save,
    async created(fields) {
      const response = await save(fields);
      expect(response.statusCode, response.body).toBe(200);
      return body<{ data: Banner }>(response).data;
    },
    list,
    remove,
    storedKeys,
    async snapshot() {
      return { banners: await list(), files: [...(await storedKeys())].sort() };
    },
    async expectFilesInStep() {
      const stored = await storedKeys();
      const referenced = await referencedFileKeys(started().t.app.db, FILE_URL_PREFIX);
      expect([...stored].filter((key) => !referenced.has(key))).toEqual([]);
      for (const banner of await list()) expect(stored.has(keyOf(banner))).toBe(true);
    },
  };
}
