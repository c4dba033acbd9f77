/**
 * Content-addressed files are shared by every submission with the same bytes: when a publish that
 * fails removes "its" new files, it may remove a file another publish of the same bytes wrote a
 * moment before (that one's rows were not committed yet, so nothing referred to it). After its commit
 * a publish puts its files again, so no committed row points to a missing file. Both dialects.
 */

import type { Submission } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_URL_PREFIX } from '../shared/storage/fileKeys';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, publishFields } from '../testing/testFiles';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  token = (await signInTestUser(t.app, { role: Role.GENERAL_USER })).access_token;
}, 60_000);
afterAll(async () => t?.close());

describe(`a file removed between a publish's two writes (${TEST_DIALECT})`, () => {
  it('is put back after the commit, so the stored icon is there', async () => {
    const storage = t.app.publishing.storage;
    const put = storage.put.bind(storage);
    const removed = new Set<string>();
    // Another request's failure cleanup, simulated: each file is removed right after its first write.
    storage.put = async (key, bytes) => {
      const written = await put(key, bytes);
      if (written && !removed.has(key)) {
        removed.add(key);
        await storage.delete(key);
      }
      return written;
    };
    try {
      const { payload, headers } = await multipart(publishFields({ name: 'Raced Upload' }));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin',
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(removed.size).toBeGreaterThan(0);
      const icon = body<{ data: Submission }>(response).data.icon!;
      expect(await storage.get(icon.slice(FILE_URL_PREFIX.length))).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: icon })).statusCode).toBe(200);
    } finally {
      storage.put = put;
    }
  });
});
