/**
 * Review end to end through the real server, on SQLite and PostgreSQL, continuing a publication
 * (publishing/publish.test.ts): reject with a reason → the author reads it, edits and resubmits →
 * approve → on the square, searchable, with its versions; an edit waiting while the listing stays
 * live; ownership, the audit log, deletion and download. Everything runs twice: with the uploads on
 * the local disk, and in an S3 bucket (s3rver) looked into directly.
 */

import type {
  AuditLogPage,
  ErrorEnvelope,
  PluginDetail,
  PluginListResult,
  PublisherAnalytics,
  Submission,
  SubmissionPage,
} from '@plugin-center/contract';
import { ReviewStatus } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, insertPluginEvent, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pngBytes, publishFields, uniqueManifest } from '../testing/testFiles';
import { createPublishingSession, STORAGES } from '../testing/testPublishing';

const session = createPublishingSession();
const { auth, send, json, storedFiles, tagCount } = session;
let t: TestApp;

describe.each(STORAGES)('on %s storage', (storage) => {
  beforeAll(async () => {
    ({ t } = await session.start(storage));
  }, 60_000);
  afterAll(() => session.close());

  describe(`review (${TEST_DIALECT})`, () => {
    let key = '';
    let first: Submission;
    const code = uniqueManifest();

    // The plugin under review, published as publishing/publish.test.ts publishes it first.
    beforeAll(async () => {
      const response = await send(
        'POST',
        'author',
        publishFields({ code_file: { bytes: code, name: 'manifest.json', type: 'application/json' } }),
      );
      expect(response.statusCode).toBe(200);
      first = body<{ data: Submission }>(response).data;
      key = first.plugin_key;
    });

    it('refuses a rejection without a reason, then rejects with one that the author reads', async () => {
      const none = await json('POST', '/api/cmt/plugin/audit/status', 'admin', {
        plugin_key: key,
        status: 3,
        reason: '  ',
      });
      expect(none.status).toBe(400);
      expect(none.body.field).toBe('reason');
      const rejected = await json<Submission>('POST', '/api/cmt/plugin/audit/status', 'admin', {
        plugin_key: key,
        status: 3,
        reason: 'The cover shows another product',
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data.review_status).toBe(ReviewStatus.UNAPPROVED);
      const mine = await json<SubmissionPage>('GET', '/api/cmt/plugin/audit', 'author');
      expect(mine.body.data.submission_list).toHaveLength(1);
      expect(mine.body.data.submission_list[0]).toMatchObject({
        plugin_key: key,
        review_status: 3,
        reject_reason: 'The cover shows another product',
      });
      expect(
        (await json<SubmissionPage>('GET', '/api/cmt/plugin/audit', 'other')).body.data.submission_list,
      ).toEqual([]);
    });

    it('takes a resubmission only with a greater version, keeping the files left out', async () => {
      const same = await send('PUT', 'author', { ...publishFields({ plugin_key: key }), icon: undefined });
      expect(same.statusCode).toBe(409);
      expect(body<ErrorEnvelope>(same)).toMatchObject({ error: 'VERSION_NOT_INCREASED', field: 'version' });
      const resubmitted = await send('PUT', 'author', {
        plugin_key: key,
        name: 'Contrast Checker Pro',
        intro: 'Checks text contrast against WCAG 2.2 AA and AAA',
        description: 'Now with AAA.',
        tags: 'accessibility,contrast',
        version: '1.0.1',
        version_content: 'New cover',
        cover_center: { bytes: pngBytes(320, 180, [10, 120, 60]), name: 'cover2.png' },
        reuse_center_cover: '1',
      });
      expect(resubmitted.statusCode).toBe(200);
      const second = body<{ data: Submission }>(resubmitted).data;
      expect(second).toMatchObject({
        review_status: 1,
        version: '1.0.1',
        has_code_file: true,
        icon: first.icon,
      });
      expect(second.cover_center).not.toBe(first.cover_center);
      expect(second.video).toBe(first.video);
    });

    it('approves it: on the square, searchable, with its version, tags counted and everything audit-logged', async () => {
      const before = await tagCount('contrast');
      const list = await json<SubmissionPage>('GET', '/api/cmt/plugin/audit/list?status=1', 'admin');
      expect(list.body.data.submission_list.map((s) => s.plugin_key)).toContain(key);
      const approved = await json<Submission>('POST', '/api/cmt/plugin/audit/status', 'admin', {
        plugin_key: key,
        status: 2,
      });
      expect(approved.status).toBe(200);
      const detail = await json<PluginDetail>('GET', `/api/cmt/plugin?plugin_key=${key}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data).toMatchObject({
        name: 'Contrast Checker Pro',
        current_version: '1.0.1',
        review_status: 2,
        description: 'Now with AAA.',
      });
      expect(detail.body.data.versions.map((v) => v.version)).toEqual(['1.0.1']);
      expect(detail.body.data.images).toEqual(first.images);
      expect(detail.body.data.video).toBe(first.video);
      expect(detail.body.data.tags.map((tag) => tag.code).sort()).toEqual(['accessibility', 'contrast']);
      expect(await tagCount('contrast')).toBe(before + 1);
      const search = await json<PluginListResult>('GET', '/api/cmt/plugin/list?keyword=contrast%20checker');
      expect(search.body.data.plugin_list.map((p) => p.plugin_key)).toContain(key);
      const log = await json<AuditLogPage>('GET', `/api/cmt/manager/audit-log?plugin_key=${key}`, 'admin');
      expect(log.body.data.entry_list.map((e) => [e.action, e.version, e.reason])).toEqual([
        ['approve', '1.0.1', null],
        ['reject', '1.0.0', 'The cover shows another product'],
      ]);
      expect(
        await json('POST', '/api/cmt/plugin/audit/status', 'admin', { plugin_key: key, status: 2 }),
      ).toMatchObject({
        status: 409,
        body: {
          error: 'ALREADY_REVIEWED',
          message: `plugin ${key}: version 1.0.1 was already approved; nothing is waiting for review`,
        },
      });
    });

    it('keeps the live listing while an edit waits, and shows the reviewer what changed', async () => {
      const edited = await send('PUT', 'author', {
        plugin_key: key,
        name: 'Contrast Checker Pro',
        intro: 'A different intro',
        description: 'Now with AAA.',
        tags: ['accessibility', 'contrast'],
        version: '1.1.0',
        version_content: 'Intro',
        // reuse_center_cover left out, as the CLI does: the plugin keeps reusing its centre cover
      });
      expect(edited.statusCode).toBe(200);
      const pending = body<{ data: Submission }>(edited).data;
      expect(pending.reuse_center_cover).toBe(true);
      expect(pending.cover_panel).toBe(pending.cover_center);
      expect(pending.live_version).toBe('1.0.1');
      expect(pending.changes).toEqual([
        { field: 'version', kind: 'text', before: '1.0.1', after: '1.1.0' },
        {
          field: 'intro',
          kind: 'text',
          before: 'Checks text contrast against WCAG 2.2 AA and AAA',
          after: 'A different intro',
        },
      ]);
      const detail = await json<PluginDetail>('GET', `/api/cmt/plugin?plugin_key=${key}`);
      expect(detail.body.data.intro).toBe('Checks text contrast against WCAG 2.2 AA and AAA');
      await json('POST', '/api/cmt/plugin/audit/status', 'admin', { plugin_key: key, status: 2 });
      const after = await json<PluginDetail>('GET', `/api/cmt/plugin?plugin_key=${key}`);
      expect(after.body.data.intro).toBe('A different intro');
      expect(after.body.data.versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.1']);
    });

    it("reports the owner's plugins in the publisher analytics, not a namesake's", async () => {
      await insertPluginEvent(t.app, key, 'PluginView');
      const mine = await json<PublisherAnalytics>('GET', '/api/cmt/plugin/analytics', 'author');
      expect(mine.body.data.plugins.map((p) => [p.plugin_key, p.views])).toEqual([[key, 1]]);
      const theirs = await json<PublisherAnalytics>('GET', '/api/cmt/plugin/analytics', 'other');
      expect(theirs.body.data.plugins).toEqual([]);
      // A general user cannot read another developer's figures by naming them.
      const named = await json<PublisherAnalytics>(
        'GET',
        `/api/cmt/plugin/analytics?developer=${encodeURIComponent(first.developer ?? '')}`,
        'other',
      );
      expect(named.body.data.plugins).toEqual([]);
    });

    it('lets an administrator download the code file (audit-logged) and nobody else', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/cmt/manager/plugin/${key}/download`,
        headers: auth('admin'),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${key}.json"`);
      expect(response.rawPayload.equals(code)).toBe(true);
      const user = await t.app.inject({
        method: 'GET',
        url: `/api/cmt/manager/plugin/${key}/download`,
        headers: auth('author'),
      });
      expect(user.statusCode).toBe(403);
      const log = await json<AuditLogPage>('GET', `/api/cmt/manager/audit-log?plugin_key=${key}`, 'admin');
      expect(log.body.data.entry_list[0]!.action).toBe('download');
    });

    it('shows the reviewer a new panel cover, gallery and code file as media changes, and a new copyright holder', async () => {
      const live = (await json<PluginDetail>('GET', `/api/cmt/plugin?plugin_key=${key}`)).body.data;
      // The same manifest (its id is the plugin's) in other bytes: a new code file.
      const compact = Buffer.from(JSON.stringify(JSON.parse(code.toString('utf8'))));
      const edited = await send('PUT', 'author', {
        plugin_key: key,
        name: live.name,
        intro: live.intro,
        description: live.description,
        tags: ['accessibility', 'contrast'],
        version: '1.2.0',
        version_content: 'Screenshots',
        copyright_type: 'custom',
        copyright_name: 'Contrast Labs Ltd.',
        reuse_center_cover: '0',
        cover_panel: { bytes: pngBytes(320, 180, [40, 40, 200]), name: 'panel.png' },
        images: [
          { bytes: pngBytes(64, 40, [10, 200, 10]), name: 'a.png', type: 'image/png' },
          { bytes: pngBytes(64, 40, [10, 10, 200]), name: 'b.png', type: 'image/png' },
        ],
        code_file: { bytes: compact, name: 'manifest.json', type: 'application/json' },
      });
      expect(edited.statusCode).toBe(200);
      const pending = body<{ data: Submission }>(edited).data;
      expect(pending.images).toHaveLength(2);
      expect(pending.cover_panel).not.toBe(live.cover.center);
      const contentKey = expect.stringMatching(/^[0-9a-f]{64}\.json$/);
      expect(pending.changes).toEqual([
        { field: 'version', kind: 'text', before: '1.1.0', after: '1.2.0' },
        { field: 'cover_panel', kind: 'image', before: live.cover.center, after: pending.cover_panel },
        {
          field: 'images',
          kind: 'images',
          before: live.images.join('\n'),
          after: pending.images.join('\n'),
          before_list: live.images,
          after_list: pending.images,
        },
        { field: 'code_file', kind: 'file', before: contentKey, after: contentKey },
        { field: 'copyright', kind: 'text', before: 'author', after: 'Contrast Labs Ltd.' },
      ]);
      for (const url of [pending.cover_panel, ...pending.images]) expect(url).toMatch(/^\/api\/cmt\/file\//);
      const codeChange = pending.changes.find((c) => c.field === 'code_file')!;
      expect(codeChange.after).not.toBe(codeChange.before);
      // The review list carries the same changes; the listing stays as approved meanwhile.
      const list = await json<SubmissionPage>('GET', '/api/cmt/plugin/audit/list?status=1', 'admin');
      const listed = list.body.data.submission_list.find((s) => s.plugin_key === key)!;
      expect(listed.changes).toEqual(pending.changes);
      const still = (await json<PluginDetail>('GET', `/api/cmt/plugin?plugin_key=${key}`)).body.data;
      expect(still.images).toEqual(live.images);
    });

    it('deletes it with its files, tag counts back, and the log kept (append-only)', async () => {
      const before = await tagCount('contrast');
      const removed = await json('DELETE', '/api/cmt/plugin', 'admin', { plugin_key: key });
      expect(removed.status).toBe(200);
      expect((await json('GET', `/api/cmt/plugin?plugin_key=${key}`)).status).toBe(404);
      expect(await tagCount('contrast')).toBe(before - 1);
      expect(await storedFiles()).toEqual([]);
      const log = await json<AuditLogPage>('GET', `/api/cmt/manager/audit-log?plugin_key=${key}`, 'admin');
      expect(log.body.data.entry_list.map((e) => e.action)).toEqual([
        'delete',
        'download',
        'approve',
        'approve',
        'reject',
      ]);
      await expect(t.app.db.kysely.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      await expect(t.app.db.kysely.updateTable('audit_log').set({ reason: 'x' }).execute()).rejects.toThrow(
        /append-only/,
      );
    });
  });
});
