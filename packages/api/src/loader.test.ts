import type { ApiResponse } from '@plugin-center/contract';
import { manualFetch, ok } from '@plugin-center/test-fakes/fetch';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';
import { createLoader } from './loader';

/** A fetcher whose answers the test settles by hand, recording each call's signal. */
function controlled<T>() {
  const calls: { signal: AbortSignal; resolve: (r: ApiResponse<T>) => void; reject: (e: unknown) => void }[] =
    [];
  const fetcher = vi.fn(
    (signal: AbortSignal) =>
      new Promise<ApiResponse<T>>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { fetcher, calls };
}

describe('createLoader: the data loader of SPEC §4', () => {
  it('starts unrequest and fetches nothing until load()', () => {
    const { fetcher } = controlled<string>();
    const loader = createLoader(fetcher);
    expect(loader.getSnapshot()).toEqual({
      status: 'unrequest',
      data: undefined,
      response: undefined,
      error: undefined,
    });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('unrequest → requesting → success when code is 0 and data present', async () => {
    const { fetcher, calls } = controlled<string[]>();
    const loader = createLoader(fetcher);
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.getSnapshot().status));
    const done = loader.load();
    expect(loader.getSnapshot().status).toBe('requesting');
    const response = { code: 0, data: ['a'] };
    calls[0]?.resolve(response);
    await done;
    expect(loader.getSnapshot()).toEqual({ status: 'success', data: ['a'], response, error: undefined });
    expect(seen).toEqual(['requesting', 'success']);
  });

  it('code 200 with data is a success too', async () => {
    const { fetcher, calls } = controlled<number>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    calls[0]?.resolve({ code: 200, data: 0 });
    await done;
    expect(loader.getSnapshot()).toMatchObject({ status: 'success', data: 0 });
  });

  it('code 0 without data → error, response not kept', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    const response = { code: 0, data: null as unknown as string };
    calls[0]?.resolve(response);
    await done;
    expect(loader.getSnapshot()).toEqual({
      status: 'error',
      data: undefined,
      response: undefined,
      error: response,
    });
  });

  it('code not 0 with data present → error with the response kept', async () => {
    const { fetcher, calls } = controlled<{ reason: string }>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    const response = { code: 40300, error: 'FORBIDDEN', message: 'no', data: { reason: 'r' } };
    calls[0]?.resolve(response);
    await done;
    expect(loader.getSnapshot()).toEqual({ status: 'error', data: undefined, response, error: response });
  });

  it('code not 0 without data → error, response not kept', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    const response = { code: 40400, error: 'PLUGIN_NOT_FOUND', data: null as unknown as string };
    calls[0]?.resolve(response);
    await done;
    expect(loader.getSnapshot()).toMatchObject({ status: 'error', response: undefined, error: response });
  });

  it('a rejection (ApiError) → error with that error; load() itself never rejects', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    const error = new ApiError('boom', 500);
    calls[0]?.reject(error);
    await expect(done).resolves.toBeUndefined();
    expect(loader.getSnapshot()).toEqual({ status: 'error', data: undefined, response: undefined, error });
  });

  it('error → requesting → success on reload; requesting keeps earlier data', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    let done = loader.load();
    calls[0]?.resolve({ code: 0, data: 'one' });
    await done;
    done = loader.load();
    expect(loader.getSnapshot()).toMatchObject({ status: 'requesting', data: 'one', error: undefined });
    calls[1]?.reject(new Error('x'));
    await done;
    expect(loader.getSnapshot()).toMatchObject({ status: 'error', data: undefined });
    done = loader.load();
    calls[2]?.resolve({ code: 0, data: 'three' });
    await done;
    expect(loader.getSnapshot()).toMatchObject({ status: 'success', data: 'three', error: undefined });
  });

  it('reload cancels the request in flight and discards its late answer', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const first = loader.load();
    const second = loader.load();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[1]?.resolve({ code: 0, data: 'new' });
    await second;
    calls[0]?.resolve({ code: 0, data: 'stale' });
    await first;
    expect(loader.getSnapshot()).toMatchObject({ status: 'success', data: 'new' });
  });

  it('cancel() aborts, returns a requesting loader to unrequest and ignores the late answer', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    loader.cancel();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(loader.getSnapshot().status).toBe('unrequest');
    calls[0]?.resolve({ code: 0, data: 'late' });
    await done;
    expect(loader.getSnapshot()).toMatchObject({ status: 'unrequest', data: undefined });
  });

  it('cancel() after success changes nothing', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const done = loader.load();
    calls[0]?.resolve({ code: 0, data: 'x' });
    await done;
    const before = loader.getSnapshot();
    loader.cancel();
    expect(loader.getSnapshot()).toBe(before);
  });

  it('unsubscribe stops notifications; snapshots are stable between changes', async () => {
    const { fetcher, calls } = controlled<string>();
    const loader = createLoader(fetcher);
    const listener = vi.fn();
    const off = loader.subscribe(listener);
    expect(loader.getSnapshot()).toBe(loader.getSnapshot());
    const done = loader.load();
    off();
    calls[0]?.resolve({ code: 0, data: 'x' });
    await done;
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('with the real client: a superseded request is aborted on the network and never an error', async () => {
    const net = manualFetch();
    const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
    const loader = createLoader((signal) => client.plugin.tagList({}, { signal }));
    const first = loader.load();
    await vi.waitFor(() => expect(net.requests).toHaveLength(1));
    const second = loader.load();
    await first;
    expect(net.requests[0]?.init.signal?.aborted).toBe(true);
    expect(loader.getSnapshot().status).toBe('requesting');
    await vi.waitFor(() => expect(net.requests).toHaveLength(2));
    net.answer(1, ok({ tag_list: [] }));
    await second;
    expect(loader.getSnapshot()).toMatchObject({ status: 'success', data: { tag_list: [] } });
  });
});
