/**
 * Ownership of imported plugins: an imported catalogue plugin belongs to
 * nobody until an administrator assigns it; the owner then finds it in "my plugins", edits it and
 * reads its figures; nobody else can. Both dialects.
 */

import type {
  AssignOwnerResult,
  AuditLogPage,
  ErrorEnvelope,
  PluginDetail,
  PublisherAnalytics,
  Submission,
  SubmissionPage,
} from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, uniqueManifest } from '../testing/testFiles';

let t: TestApp;
let admin = '';
let owner = '';
let ownerEmail = '';
let other = '';
let key = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
  ownerEmail = `Owner-${Date.now()}@Example.com`;
  owner = (await signInTestUser(t.app, { email: ownerEmail.toLowerCase() })).access_token;
  other = (await signInTestUser(t.app)).access_token;
  key = (
    await t.app.db.kysely
      .selectFrom('plugin')
      .select('plugin_key')
      .where('owner_id', 'is', null)
      .where('review_status', '=', 2)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).plugin_key;
}, 60_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function edit(token: string, version: string) {
  const { payload, headers } = await multipart({
    plugin_key: key,
    name: 'Renamed By Owner',
    intro: 'New intro',
    description: 'New description',
    version,
    version_content: 'First version under its owner',
    code_file: { bytes: uniqueManifest(), name: 'manifest.json' },
  });
  return t.app.inject({
    method: 'PUT',
    url: '/api/cmt/plugin',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

describe(`assigning an imported plugin to an account (${TEST_DIALECT})`, () => {
  it('belongs to nobody at first: only administrators may edit it', async () => {
    expect((await edit(owner, '1.0.0')).statusCode).toBe(403);
    expect(
      body<{ data: SubmissionPage }>(await call('GET', '/api/cmt/plugin/audit', owner)).data.submission_list,
    ).toEqual([]);
  });

  it('is assigned by email (any case), only by an administrator, and audit-logged', async () => {
    expect(
      (await call('POST', '/api/cmt/manager/plugin/owner', owner, { plugin_key: key, email: ownerEmail }))
        .statusCode,
    ).toBe(403);
    const unknown = await call('POST', '/api/cmt/manager/plugin/owner', admin, {
      plugin_key: key,
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(unknown).field).toBe('email');
    const assigned = await call('POST', '/api/cmt/manager/plugin/owner', admin, {
      plugin_key: key,
      email: ownerEmail,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(body<{ data: AssignOwnerResult }>(assigned).data).toMatchObject({
      plugin_key: key,
      owner: { user_id: expect.any(Number) },
    });
    const log = body<{ data: AuditLogPage }>(
      await call('GET', `/api/cmt/manager/audit-log?plugin_key=${key}`, admin),
    ).data;
    expect(log.entry_list[0]).toMatchObject({
      action: 'assign_owner',
      reason: expect.stringMatching(/^to .+ \(user \d+\)$/),
    });
  });

  it('shows in the owner’s plugins as approved, and the owner edits it; the live listing waits for review', async () => {
    const mine = body<{ data: SubmissionPage }>(await call('GET', '/api/cmt/plugin/audit', owner)).data;
    expect(mine.submission_list.map((s) => [s.plugin_key, s.review_status])).toEqual([[key, 2]]);
    const before = body<{ data: PluginDetail }>(
      await call('GET', `/api/cmt/plugin?plugin_key=${key}`, owner),
    ).data;
    expect(mine.submission_list[0]!.name).toBe(before.name);
    expect((await edit(other, '1.0.0')).statusCode).toBe(403);
    const edited = await edit(owner, '1.0.0');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(body<{ data: Submission }>(edited).data).toMatchObject({
      review_status: 1,
      name: 'Renamed By Owner',
    });
    const live = body<{ data: PluginDetail }>(
      await call('GET', `/api/cmt/plugin?plugin_key=${key}`, owner),
    ).data;
    expect(live.name).toBe(before.name);
  });

  it('counts in the owner’s publisher analytics', async () => {
    // An install (the row the detail page counts), not an event, is what the report's installs count.
    expect((await call('POST', '/api/cmt/plugin/user', other, { plugin_key: key })).statusCode).toBe(200);
    const mine = body<{ data: PublisherAnalytics }>(
      await call('GET', '/api/cmt/plugin/analytics', owner),
    ).data;
    expect(mine.plugins.map((p) => [p.plugin_key, p.installs])).toEqual([[key, 1]]);
    expect(
      body<{ data: PublisherAnalytics }>(await call('GET', '/api/cmt/plugin/analytics', other)).data.plugins,
    ).toEqual([]);
  });

  it('can be given back to nobody', async () => {
    const cleared = await call('POST', '/api/cmt/manager/plugin/owner', admin, {
      plugin_key: key,
      email: null,
    });
    expect(body<{ data: AssignOwnerResult }>(cleared).data.owner).toBeNull();
    expect((await edit(owner, '1.0.1')).statusCode).toBe(403);
  });
});
