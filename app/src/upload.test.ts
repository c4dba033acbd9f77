/**
 * The upload helper (progress, cancel, envelopes) with a fake XMLHttpRequest (`@plugin-center/test-fakes/xhr`).
 */
import { CANCEL_MESSAGE } from '@plugin-center/api';
import { FakeXhr } from '@plugin-center/test-fakes/xhr';
import { describe, expect, it } from 'vitest';
import { PUBLISH_PATH, uploadForm } from './upload';

function fake() {
  const xhr = new FakeXhr();
  return { xhr, createXhr: () => xhr as unknown as XMLHttpRequest };
}

describe('uploadForm', () => {
  it('sends the FormData with the bearer token, reports progress and resolves with the data', async () => {
    const { xhr, createXhr } = fake();
    const form = new FormData();
    form.append('name', 'Grid');
    const progress: number[] = [];
    const pending = uploadForm({
      method: 'PUT',
      form,
      token: 'tok',
      createXhr,
      onProgress: (f) => progress.push(f),
    });
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(PUBLISH_PATH);
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.body).toBe(form);
    expect(xhr.timeout).toBe(15 * 60 * 1000);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { code: 0, data: { plugin_key: 'grid' } });
    const outcome = await pending;
    expect(outcome).toEqual({ ok: true, status: 200, data: { plugin_key: 'grid' } });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('sends no Authorization header without a token', () => {
    const { xhr, createXhr } = fake();
    void uploadForm({ method: 'POST', form: new FormData(), token: null, createXhr });
    expect(xhr.headers.Authorization).toBeUndefined();
  });

  it('aborts the request on cancel and resolves with the cancel result', async () => {
    const { xhr, createXhr } = fake();
    const controller = new AbortController();
    const pending = uploadForm({
      method: 'POST',
      form: new FormData(),
      token: 't',
      createXhr,
      signal: controller.signal,
    });
    xhr.progress(10, 100);
    controller.abort();
    const outcome = await pending;
    expect(xhr.aborted).toBe(true);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.cancelled).toBe(true);
    expect(outcome.envelope.message).toBe(CANCEL_MESSAGE);
  });

  it("resolves with the server's error envelope, keeping its field", async () => {
    const { xhr, createXhr } = fake();
    const pending = uploadForm({ method: 'POST', form: new FormData(), token: 't', createXhr });
    xhr.respond(400, {
      code: 40005,
      error: 'UPLOAD_REJECTED',
      message: 'icon must be square',
      data: null,
      field: 'icon',
    });
    const outcome = await pending;
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      cancelled: false,
      envelope: {
        code: 40005,
        error: 'UPLOAD_REJECTED',
        message: 'icon must be square',
        data: null,
        field: 'icon',
      },
    });
  });

  it('turns a network error and a non-envelope answer into the network-error envelope (SPEC §8)', async () => {
    const a = fake();
    const first = uploadForm({ method: 'POST', form: new FormData(), token: 't', createXhr: a.createXhr });
    a.xhr.onerror?.();
    const b = fake();
    const second = uploadForm({ method: 'POST', form: new FormData(), token: 't', createXhr: b.createXhr });
    b.xhr.respond(502, '<html>bad gateway</html>');
    for (const outcome of [await first, await second]) {
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.cancelled).toBe(false);
      expect(outcome.envelope).toMatchObject({
        code: -10000,
        error: 'NETWORK_ERROR',
        message: 'network error',
      });
    }
  });
});
