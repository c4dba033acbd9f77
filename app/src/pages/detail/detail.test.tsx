/**
 * The plugin detail dialog over the real API client with only the network edge (fetch) faked: the
 * loaded plugin (fields, the view count of `POST plugin/view`, sent once), 'not found' for
 * `PLUGIN_NOT_FOUND`, the error state with Retry, a visitor's like starting sign-in, and the share
 * link's toast. Also `errorCode`, which the dialog branches on instead of HTTP statuses.
 */
import { ApiError, createApiClient, type PluginDetail } from '@plugin-center/api';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, json, ok, summary } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { ROUTER_FUTURE } from '../../routes';
import { signInHere, ssoClient } from '../../session';
import { dismissToast, type ToastMessage, useToasts } from '../../toast/toastStore';
import { errorCode } from './errorCode';
import { PluginDetailDialog } from './PluginDetailDialog';

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  signInHere: vi.fn(() => Promise.resolve()),
}));

const DETAIL_PATH = '/api/cmt/plugin';
const VIEW_PATH = '/api/cmt/plugin/view';

function detail(patch: Partial<PluginDetail> = {}): PluginDetail {
  return {
    ...summary('color-magic'),
    name: 'Color Magic',
    intro: 'Colours, by magic.',
    developer: 'Ada',
    view_count: 7,
    description: 'See https://example.com/docs for more.',
    video: null,
    images: [],
    cover: { center: null, panel: null, reuse_center_cover: false },
    code_file: null,
    contact: null,
    version_content: '',
    copyright_holder: { type: 'author', name: null },
    technical_support_link: 'https://example.com/support/',
    homepage: null,
    license: 'MIT',
    repository: null,
    unlisted: false,
    deprecation: null,
    source: null,
    review_status: 2,
    is_default_install: false,
    is_praise: false,
    is_installed: false,
    is_owner: false,
    versions: [],
    ...patch,
  };
}

let seenToasts: readonly ToastMessage[] = [];
function ToastProbe() {
  seenToasts = useToasts();
  return null;
}

/** An SSO client that is signed in (only what `useSession` reads). */
const signedInSso = {
  subscribe: () => () => {},
  getSnapshot: () => SIGNED_IN,
  signIn: vi.fn(),
  signOut: vi.fn(),
} as unknown as typeof ssoClient;
const SIGNED_IN = { status: 'signed-in', accessToken: 'token', user: { user_id: 7 }, isAdmin: false };

function renderDialog(fetch: typeof globalThis.fetch, sso: typeof ssoClient = ssoClient) {
  const client = createApiClient({ fetch, logger: { error: vi.fn() } });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/detail/color-magic']}>
      <SsoClientProvider client={sso}>
        <ApiClientProvider client={client}>
          <Routes>
            <Route path="/detail/:pluginKey" element={<PluginDetailDialog />} />
          </Routes>
          <ToastProbe />
        </ApiClientProvider>
      </SsoClientProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await act(() => setLanguage('en-US', { persist: false }));
});
afterAll(async () => {
  await act(() => setLanguage('zh-CN', { persist: false }));
});
afterEach(() => {
  cleanup();
  for (const toast of seenToasts) act(() => dismissToast(toast.id));
  vi.mocked(signInHere).mockClear();
});

describe('plugin detail dialog', () => {
  it('shows the plugin with the view count the view call answered, counting the view once', async () => {
    const net = fakeFetch((req) => (req.url.pathname === VIEW_PATH ? ok({ view_count: 42 }) : ok(detail())));
    renderDialog(net.fetch);
    const dialog = await screen.findByRole('dialog', { name: 'Color Magic' });
    expect(within(dialog).getByText('Colours, by magic.').id).toBe('plugin-intro');
    await waitFor(() => expect(within(dialog).getByTitle('Views').textContent).toContain('42'));
    expect(net.requests.filter((r) => r.url.pathname === VIEW_PATH)).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'https://example.com/docs' }).getAttribute('href')).toBe(
      'https://example.com/docs',
    );
    expect(within(dialog).getByRole('link', { name: 'example.com/support' })).toBeTruthy();
    expect(within(dialog).getByText('No history versions yet')).toBeTruthy();
    const like = within(dialog).getByRole('button', { name: 'Like' });
    expect([like.getAttribute('aria-pressed'), like.dataset.state]).toEqual(['false', 'off']);
  });

  it('marks the signed versions of the history and names the upstream of a mirrored plugin', async () => {
    const kid = 'Zq3v8Pj0yKxN2bH1';
    const net = fakeFetch((req) =>
      req.url.pathname === VIEW_PATH
        ? ok({ view_count: 1 })
        : ok(
            detail({
              versions: [
                {
                  version: '1.1.0',
                  version_content: 'Faster',
                  create_time: 1_760_000_000_000,
                  signature: { kid, jws: 'a.b.c' },
                },
                {
                  version: '1.0.0',
                  version_content: 'First',
                  create_time: 1_750_000_000_000,
                  signature: null,
                },
              ],
              mirror: { from: 'https://plugins.example.com', publisher: null },
            }),
          ),
    );
    renderDialog(net.fetch);
    const dialog = await screen.findByRole('dialog', { name: 'Color Magic' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('.version-head'));
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['1.1.0', '1.0.0']);
    const signed = within(items[0]!).getByText('Signed');
    expect(signed.getAttribute('title')).toContain(kid);
    expect(within(items[1]!).queryByText('Signed')).toBeNull();
    expect(within(dialog).getByText('Mirrored from')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'plugins.example.com' }).getAttribute('href')).toBe(
      'https://plugins.example.com',
    );
  });

  it('renders the description as safe Markdown and shows the gallery and the video', async () => {
    const net = fakeFetch((req) =>
      req.url.pathname === VIEW_PATH
        ? ok({ view_count: 1 })
        : ok(
            detail({
              description: '## Usage\n\n**Bold** <script>alert(1)</script> [bad](javascript:alert(1))',
              images: ['/api/cmt/file/a.png', '/api/cmt/file/b.png'],
              video: '/api/cmt/file/v.mp4',
            }),
          ),
    );
    renderDialog(net.fetch);
    const dialog = await screen.findByRole('dialog', { name: 'Color Magic' });
    const description = within(dialog).getByTestId('detail-description');
    // `##` nests under the section's h3
    expect(within(description).getByRole('heading', { name: 'Usage' }).tagName).toBe('H5');
    expect(description.querySelector('strong')?.textContent).toBe('Bold');
    expect(description.querySelector('script')).toBeNull();
    expect(description.textContent).toContain('<script>alert(1)</script>');
    expect(description.querySelector('a[href^="javascript"]')).toBeNull();
    const media = within(dialog).getByTestId('detail-media');
    const images = within(media).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['/api/cmt/file/a.png', '/api/cmt/file/b.png']);
    expect(images[1]!.getAttribute('alt')).toBe('Color Magic, image 2 of 2');
    const video = media.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/cmt/file/v.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it('shows the deprecation banner with a link to the replacement, and the repository in the facts', async () => {
    const net = fakeFetch((req) =>
      req.url.pathname === VIEW_PATH
        ? ok({ view_count: 1 })
        : ok(
            detail({
              repository: 'https://github.com/example/color-magic',
              deprecation: {
                message: 'No longer maintained.\nUse the new one.',
                time: 1,
                replacement: { plugin_key: 'color magic 2', name: 'Color Magic 2' },
              },
            }),
          ),
    );
    renderDialog(net.fetch);
    const dialog = await screen.findByRole('dialog', { name: 'Color Magic' });
    const banner = await within(dialog).findByRole('note');
    expect(banner.textContent).toContain('This plugin is deprecated');
    expect(banner.textContent).toContain('No longer maintained.\nUse the new one.');
    expect(within(banner).getByRole('link', { name: 'Use Color Magic 2 instead' }).getAttribute('href')).toBe(
      '/detail/color%20magic%202',
    );
    expect(within(dialog).getByRole('link', { name: 'github.com/example/color-magic' })).toBeTruthy();
    // Listed, or not the caller's: no "Unlisted" line.
    expect(within(dialog).queryByTestId('detail-unlisted')).toBeNull();
  });

  it('tells the owner only that the plugin is unlisted, with a link to My plugins', async () => {
    for (const is_owner of [false, true]) {
      const net = fakeFetch((req) =>
        req.url.pathname === VIEW_PATH ? ok({ view_count: 1 }) : ok(detail({ unlisted: true, is_owner })),
      );
      renderDialog(net.fetch, signedInSso);
      const dialog = await screen.findByRole('dialog', { name: 'Color Magic' });
      if (is_owner) {
        const line = await within(dialog).findByTestId('detail-unlisted');
        expect(line.textContent).toContain('Unlisted');
        expect(within(line).getByRole('link', { name: 'Manage in My plugins' }).getAttribute('href')).toBe(
          '/my-plugins',
        );
      } else {
        expect(within(dialog).queryByTestId('detail-unlisted')).toBeNull();
        expect(within(dialog).queryByRole('note')).toBeNull();
      }
      cleanup();
    }
  });

  it('shows no media section without images or video', async () => {
    renderDialog(
      fakeFetch((req) => (req.url.pathname === VIEW_PATH ? ok({ view_count: 1 }) : ok(detail()))).fetch,
    );
    await screen.findByRole('dialog', { name: 'Color Magic' });
    expect(screen.queryByTestId('detail-media')).toBeNull();
  });

  it("shows 'not found' with a way back for PLUGIN_NOT_FOUND", async () => {
    const net = fakeFetch(() =>
      json({ code: 40400, error: 'PLUGIN_NOT_FOUND', message: 'no such plugin', data: null }, 404),
    );
    renderDialog(net.fetch);
    await screen.findByText('This plugin does not exist or has been removed.');
    expect(screen.getByRole('link', { name: 'Back to plugins' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // No view is counted or tracked for a plugin that does not exist.
    expect(net.requests.filter((r) => r.url.pathname === VIEW_PATH)).toHaveLength(0);
  });

  it('shows the error state with Retry for any other failure, and Retry loads again', async () => {
    let fail = true;
    const net = fakeFetch((req) => {
      if (req.url.pathname === VIEW_PATH) return ok({ view_count: 1 });
      return fail
        ? json({ code: 50000, error: 'INTERNAL', message: 'internal server error', data: null }, 500)
        : ok(detail());
    });
    renderDialog(net.fetch);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The plugin could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('dialog', { name: 'Color Magic' });
    expect(net.requests.filter((r) => r.url.pathname === DETAIL_PATH)).toHaveLength(2);
  });

  it("sends a visitor's like to sign-in without calling the API", async () => {
    const net = fakeFetch((req) => (req.url.pathname === VIEW_PATH ? ok({ view_count: 1 }) : ok(detail())));
    renderDialog(net.fetch);
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like.title).toBe('Log in to like and install plugins');
    fireEvent.click(like);
    expect(signInHere).toHaveBeenCalledTimes(1);
    expect(net.requests.some((r) => r.url.pathname.endsWith('/praise'))).toBe(false);
  });

  it("copies the share link and toasts 'Link copied', or 'Could not copy the link'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const net = fakeFetch((req) => (req.url.pathname === VIEW_PATH ? ok({ view_count: 1 }) : ok(detail())));
    renderDialog(net.fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Link copied']));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/detail\/color-magic$/));
    writeText.mockImplementationOnce(() => Promise.reject(new Error('denied')));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(seenToasts.map((t) => t.text)).toEqual(['Link copied', 'Could not copy the link']),
    );
  });
});

describe("a signed-in user's like and install", () => {
  /** The detail (liked once the praise call succeeded), the view count, and `action`'s answer. */
  function network(action: () => Response) {
    let liked = false;
    return fakeFetch((req) => {
      if (req.url.pathname === VIEW_PATH) return ok({ view_count: 1 });
      if (req.url.pathname === DETAIL_PATH) return ok(detail({ is_praise: liked }));
      const res = action();
      if (res.ok && req.url.pathname.endsWith('/praise')) liked = true;
      return res;
    });
  }

  it('likes: praise 1, the toast, then the detail reloaded and shown liked', async () => {
    const net = network(() => ok({ praise_count: 1 }));
    renderDialog(net.fetch, signedInSso);
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    const liked = await screen.findByRole('button', { name: 'Liked' });
    expect([liked.getAttribute('aria-pressed'), liked.dataset.state]).toEqual(['true', 'on']);
    const praise = net.requests.find((r) => r.url.pathname.endsWith('/praise'));
    expect(praise?.json).toEqual({ plugin_key: 'color-magic', praise: 1 });
    expect(seenToasts.map((t) => t.text)).toEqual(['Liked']);
    expect(net.requests.filter((r) => r.url.pathname === DETAIL_PATH)).toHaveLength(2);
  });

  it('starts sign-in when the server answers UNAUTHORIZED, without a toast', async () => {
    const net = network(() =>
      json({ code: 401, error: 'UNAUTHORIZED', message: 'the access token has expired', data: null }, 401),
    );
    renderDialog(net.fetch, signedInSso);
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    await waitFor(() => expect(signInHere).toHaveBeenCalledTimes(1));
    expect(seenToasts).toEqual([]);
  });

  it("toasts the action's failure for any other error, and enables the button again", async () => {
    const net = network(() =>
      json({ code: 42900, error: 'RATE_LIMITED', message: 'too many requests', data: null }, 429),
    );
    renderDialog(net.fetch, signedInSso);
    const install = await screen.findByRole('button', { name: 'Install' });
    fireEvent.click(install);
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Could not install the plugin']));
    expect(signInHere).not.toHaveBeenCalled();
    expect((install as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('errorCode', () => {
  it("is an ApiError's code, a failed envelope's error identifier, else undefined", () => {
    expect(errorCode(new ApiError('401', 401))).toBe('UNAUTHORIZED');
    expect(errorCode(new ApiError('404', 404, { code: 40400, error: 'PLUGIN_NOT_FOUND' }))).toBe(
      'PLUGIN_NOT_FOUND',
    );
    expect(errorCode(new ApiError('offline'))).toBe('NETWORK_ERROR');
    expect(errorCode({ code: 40400, error: 'PLUGIN_NOT_FOUND', data: null })).toBe('PLUGIN_NOT_FOUND');
    expect(errorCode(new Error('x'))).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });
});
