/**
 * The publish form with the upload helper faked (`send`) and, for edit, the network edge
 * (fetch) faked: validation messages beside the fields (SPEC §5), the multipart body's field names,
 * progress and Cancel, a server error mapped to its field, the admin-only fields, edit prefill.
 */
import { createApiClient } from '@plugin-center/api';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { ROUTER_FUTURE } from '../../routes';
import { submission } from '../../testing/submissions';
import { dismissToast, type ToastMessage, useToasts } from '../../toast/toastStore';
import type { UploadOptions, UploadOutcome } from '../../upload';
import { SignedInRoute } from '../SignedInRoute';
import { PublishForm, PublishPage } from './PublishPage';

let seenToasts: readonly ToastMessage[] = [];
function ToastProbe() {
  seenToasts = useToasts();
  return null;
}

/** A fake `send` whose outcome the test settles; a cancel (signal abort) resolves it as cancelled. */
function fakeSend() {
  const calls: UploadOptions[] = [];
  let settle: (o: UploadOutcome) => void = () => {};
  const send = vi.fn(
    (options: UploadOptions) =>
      new Promise<UploadOutcome>((resolve) => {
        calls.push(options);
        settle = resolve;
        options.signal?.addEventListener('abort', () =>
          resolve({
            ok: false,
            status: 0,
            cancelled: true,
            envelope: { code: -1, error: 'CANCELLED', message: 'request cancelled', data: null },
          }),
        );
      }),
  );
  return { send, calls, settle: (o: UploadOutcome) => act(async () => settle(o)) };
}

function renderForm(
  props: { isAdmin?: boolean; pluginKey?: string; send: ReturnType<typeof fakeSend>['send'] },
  fetch = fakeFetch().fetch,
) {
  const client = createApiClient({ fetch, logger: { error: vi.fn() } });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/publish-plugin/new']}>
      <ApiClientProvider client={client}>
        <ToastProbe />
        <Routes>
          <Route
            path="/publish-plugin/:type"
            element={
              <PublishForm isAdmin={props.isAdmin ?? false} pluginKey={props.pluginKey} send={props.send} />
            }
          />
          <Route path="/my-plugins" element={<p>my plugins page</p>} />
        </Routes>
      </ApiClientProvider>
    </MemoryRouter>,
  );
}

/** The error text shown beside a control (its `aria-describedby` error element), or null. */
function errorOf(control: HTMLElement): string | null {
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};
const choose = async (label: RegExp, files: File[]) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { files } });
  });
};
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: /Submit/ })));

function fillRequired() {
  type(box(/^Plugin name/), 'Grid Helper');
  type(box(/^Intro/), 'Grids in one click');
  type(box(/^Description/), '# Grid Helper\n\nMakes grids.');
  type(box(/^Version description/), 'First release');
}

beforeAll(async () => {
  await act(() => setLanguage('en-US', { persist: false }));
});
afterAll(async () => {
  await act(() => setLanguage('zh-CN', { persist: false }));
});
afterEach(() => {
  for (const toast of seenToasts) act(() => dismissToast(toast.id));
  cleanup();
});

describe('publish form validation (SPEC §5)', () => {
  it('shows Required beside each empty required field and sends nothing', async () => {
    const { send } = fakeSend();
    renderForm({ send });
    await submit();
    for (const name of [/^Plugin name/, /^Intro/, /^Description/, /^Version description/]) {
      expect(box(name).getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(box(name))).toBe('Required');
    }
    expect(errorOf(box(/^Contact/))).toBeNull();
    expect(screen.getByTestId('form-error').textContent).toBe('Please correct the marked fields.');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the word-limit, url and version messages on leaving a field', () => {
    const { send } = fakeSend();
    renderForm({ send });
    type(box(/^Plugin name/), 'n'.repeat(51));
    expect(errorOf(box(/^Plugin name/))).toBe('Over the word limit');
    type(box(/^Plugin name/), 'n'.repeat(50));
    expect(errorOf(box(/^Plugin name/))).toBeNull();
    type(box(/^Technical support link/), 'example.com/help');
    expect(errorOf(box(/^Technical support link/))).toBe('Wrong url, please try again');
    type(box(/^Homepage/), 'example.com');
    expect(errorOf(box(/^Homepage/))).toBe('Wrong url, please try again');
    type(box(/^Source repository/), 'ftp://example.com/repo');
    expect(errorOf(box(/^Source repository/))).toBe('Wrong url, please try again');
    type(box(/^Version$|^Version \*/), '1.0');
    expect(errorOf(box(/^Version$|^Version \*/))).toBe('Use a version like 1.0.0');
  });

  it('refuses a code file that is not .json, not JSON or over 64 KB, and an image of the wrong format or size, in one sentence each', async () => {
    const { send } = fakeSend();
    renderForm({ send });
    await choose(/^Code file/, [new File(['{}'], 'manifest.js', { type: 'text/javascript' })]);
    expect(errorOf(screen.getByLabelText(/^Code file/))).toBe('The code file must be a .json file');
    await choose(/^Code file/, [new File(['{"name":'], 'manifest.json', { type: 'application/json' })]);
    expect(errorOf(screen.getByLabelText(/^Code file/))).toBe('The code file is not valid JSON');
    await choose(/^Code file/, [new File(['{"name":"x"}'], 'manifest.json', { type: 'application/json' })]);
    expect(errorOf(screen.getByLabelText(/^Code file/))).toBeNull();
    await choose(/^Icon/, [new File(['<svg/>'], 'icon.svg', { type: 'image/svg+xml' })]);
    expect(errorOf(screen.getByLabelText(/^Icon/))).toBe('The icon must be a PNG, JPEG, GIF or WebP image');
    const big = (name: string, type: string, bytes: number) => {
      const f = new File(['x'], name, { type });
      Object.defineProperty(f, 'size', { value: bytes });
      return f;
    };
    await choose(/^Plugin center cover/, [big('cover.png', 'image/png', 6 * 1024 * 1024)]);
    expect(errorOf(screen.getByLabelText(/^Plugin center cover/))).toBe('Cover images must be at most 5 MB');
    await choose(/^Code file/, [big('manifest.json', 'application/json', 80 * 1024)]);
    expect(errorOf(screen.getByLabelText(/^Code file/))).toBe('The code file must be at most 64 KB');
  });

  it('refuses more than 3 images and videos together', async () => {
    const { send } = fakeSend();
    renderForm({ send });
    await choose(/^Video/, [new File(['v'], 'demo.mp4', { type: 'video/mp4' })]);
    const png = (n: number) => new File(['p'], `shot${n}.png`, { type: 'image/png' });
    await choose(/^Images/, [png(1), png(2), png(3)]);
    expect(errorOf(screen.getByLabelText(/^Images/))).toBe('Images and video: at most 3 in total');
    await choose(/^Images/, [png(1), png(2)]);
    expect(errorOf(screen.getByLabelText(/^Images/))).toBeNull();
  });
});

describe('the description preview', () => {
  it('shows the Markdown as the detail renders it on the Preview tab, and the text again on Write', async () => {
    const { send } = fakeSend();
    renderForm({ send });
    const write = screen.getByRole('tab', { name: 'Write' });
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect(write.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(preview);
    await waitFor(async () =>
      expect((await screen.findByTestId('description-preview')).textContent).toContain(
        'Nothing to preview yet.',
      ),
    );
    fireEvent.click(write);
    type(box(/^Description/), '## Usage\n\n**Bold** <script>alert(1)</script>');
    fireEvent.keyDown(write, { key: 'ArrowRight' });
    expect(preview.getAttribute('aria-selected')).toBe('true');
    const panel = await screen.findByTestId('description-preview');
    await waitFor(() => expect(panel.querySelector('strong')?.textContent).toBe('Bold'));
    expect(panel.querySelector('h3')?.textContent).toBe('Usage');
    expect(panel.querySelector('script')).toBeNull();
    expect(document.querySelector<HTMLTextAreaElement>('textarea[name="description"]')!.hidden).toBe(true);
    fireEvent.click(write);
    expect(screen.queryByTestId('description-preview')).toBeNull();
    expect((box(/^Description/) as HTMLTextAreaElement).value).toContain('**Bold**');
  });
});

describe('publish form sending', () => {
  it('builds the multipart body with the contract field names, shows progress, then toasts and opens my plugins', async () => {
    const net = fakeSend();
    renderForm({ send: net.send, isAdmin: true });
    fillRequired();
    type(box(/^Contact/), 'ada@example.com');
    type(box(/^Technical support link/), 'https://example.com/help');
    type(box(/^Homepage/), 'https://example.com');
    type(box(/^Source repository/), 'https://github.com/example/grid');
    type(box(/^Licence/), 'MIT');
    const tagInput = screen.getByRole('textbox', { name: /^Tags/ });
    for (const tag of ['layout', 'grids']) {
      fireEvent.change(tagInput, { target: { value: tag } });
      fireEvent.keyDown(tagInput, { key: 'Enter' });
    }
    fireEvent.click(screen.getByLabelText('Someone else'));
    type(box(/^Copyright holder’s name/), 'Studio A');
    type(box(/^Developer/), 'Studio A Team');
    fireEvent.click(screen.getByLabelText(/Install for everyone/));
    const icon = new File(['i'], 'icon.png', { type: 'image/png' });
    const cover = new File(['c'], 'cover.png', { type: 'image/png' });
    const panel = new File(['p'], 'panel.webp', { type: 'image/webp' });
    const video = new File(['v'], 'demo.mp4', { type: 'video/mp4' });
    const shots = [
      new File(['1'], 's1.png', { type: 'image/png' }),
      new File(['2'], 's2.jpg', { type: 'image/jpeg' }),
    ];
    const code = new File(['{"name":"Grid"}'], 'manifest.json', { type: 'application/json' });
    await choose(/^Icon/, [icon]);
    await choose(/^Plugin center cover/, [cover]);
    await choose(/^Panel cover/, [panel]);
    await choose(/^Video/, [video]);
    await choose(/^Images/, shots);
    await choose(/^Code file/, [code]);
    // The chosen images are previewed (object URLs).
    expect(screen.getByRole('img', { name: 'Chosen file: Icon' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Chosen file: Images/ })).toHaveLength(2);
    await submit();

    expect(net.calls).toHaveLength(1);
    const { method, form } = net.calls[0]!;
    expect(method).toBe('POST');
    expect([...new Set(form.keys())].sort()).toEqual(
      [
        'name',
        'intro',
        'description',
        'tags',
        'contact',
        'version',
        'version_content',
        'copyright_type',
        'copyright_name',
        'technical_support_link',
        'homepage',
        'repository',
        'license',
        'reuse_center_cover',
        'developer',
        'is_default_install',
        'icon',
        'cover_center',
        'cover_panel',
        'video',
        'images',
        'code_file',
      ].sort(),
    );
    expect(form.getAll('tags')).toEqual(['layout', 'grids']);
    expect(form.get('name')).toBe('Grid Helper');
    expect(form.get('version')).toBe('1.0.0');
    expect(form.get('copyright_type')).toBe('custom');
    expect(form.get('copyright_name')).toBe('Studio A');
    expect(form.get('developer')).toBe('Studio A Team');
    expect([form.get('homepage'), form.get('repository'), form.get('license')]).toEqual([
      'https://example.com',
      'https://github.com/example/grid',
      'MIT',
    ]);
    expect(form.get('is_default_install')).toBe('true');
    expect(form.get('reuse_center_cover')).toBe('false');
    expect((form.get('icon') as File).name).toBe('icon.png');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['s1.png', 's2.jpg']);
    expect((form.get('code_file') as File).name).toBe('manifest.json');

    await act(async () => net.calls[0]!.onProgress?.(0.42));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('42');
    expect(screen.getByText('Uploading… 42 %')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();

    await net.settle({ ok: true, status: 200, data: submission() });
    expect(await screen.findByText('my plugins page')).toBeTruthy();
    expect(seenToasts.map((t) => t.text)).toEqual(['Plugin submitted for review']);
  });

  it('does not send the panel cover when the center cover is reused, nor admin fields for a general user', async () => {
    const net = fakeSend();
    renderForm({ send: net.send, isAdmin: false });
    expect(screen.queryByLabelText(/^Developer/)).toBeNull();
    expect(screen.queryByLabelText(/Install for everyone/)).toBeNull();
    fillRequired();
    await choose(/^Panel cover/, [new File(['p'], 'panel.png', { type: 'image/png' })]);
    fireEvent.click(screen.getByLabelText(/Reuse the plugin center cover/));
    expect(screen.queryByLabelText(/^Panel cover/)).toBeNull();
    await submit();
    const form = net.calls[0]!.form;
    expect(form.get('reuse_center_cover')).toBe('true');
    expect(form.has('cover_panel')).toBe(false);
    expect(form.has('developer')).toBe(false);
    expect(form.has('is_default_install')).toBe(false);
    expect(form.has('plugin_key')).toBe(false);
  });

  it('cancels the upload with the Cancel button', async () => {
    const net = fakeSend();
    renderForm({ send: net.send });
    fillRequired();
    await submit();
    const signal = net.calls[0]!.signal!;
    expect(signal.aborted).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(signal.aborted).toBe(true);
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Upload cancelled']));
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a server error at the field it names, and one without a field beside the button', async () => {
    const net = fakeSend();
    renderForm({ send: net.send });
    fillRequired();
    await submit();
    await net.settle({
      ok: false,
      status: 400,
      cancelled: false,
      envelope: {
        code: 40005,
        error: 'UPLOAD_REJECTED',
        message: 'icon: is 64×32, not square',
        data: null,
        field: 'icon',
      },
    });
    // The server's refusal of a media file in the form's own words (and language).
    expect(errorOf(screen.getByLabelText(/^Icon/))).toBe('The icon must be square');
    expect(screen.getByTestId('form-error').textContent).toBe('Please correct the marked fields.');
    expect(screen.queryByText('my plugins page')).toBeNull();

    // A pixel-bound refusal has its own sentence with the bounds.
    await submit();
    await net.settle({
      ok: false,
      status: 400,
      cancelled: false,
      envelope: {
        code: 40005,
        error: 'UPLOAD_REJECTED',
        message: 'icon: the icon must be at most 1024 × 1024 pixels; this image is 4000 × 4000',
        data: null,
        field: 'icon',
      },
    });
    expect(errorOf(screen.getByLabelText(/^Icon/))).toBe('The icon must be at most 1024 × 1024 pixels');

    await submit();
    await net.settle({
      ok: false,
      status: 429,
      cancelled: false,
      envelope: { code: 42900, error: 'RATE_LIMITED', message: 'Too many requests', data: null },
    });
    expect(screen.getByTestId('form-error').textContent).toBe(
      'You have sent too many submissions for now. Too many requests',
    );
  });

  it('after a 409 on the version, correcting it clears the mark at once and the first click sends', async () => {
    const net = fakeSend();
    const { container } = renderForm({ send: net.send });
    fillRequired();
    await submit();
    await net.settle({
      ok: false,
      status: 409,
      cancelled: false,
      envelope: {
        code: 40902,
        error: 'VERSION_NOT_INCREASED',
        message: 'version 1.0.0 is not greater than 1.0.0',
        data: null,
        field: 'version',
      },
    });
    const version = box(/^Version$|^Version \*/);
    expect(errorOf(version)).toBe('The version must be greater than the last submitted one.');
    expect(screen.getByTestId('form-error').textContent).toBe('Please correct the marked fields.');
    // Typing the corrected version (no blur yet): the server's verdict on the old value goes.
    fireEvent.change(version, { target: { value: '1.0.1' } });
    expect(errorOf(version)).toBeNull();
    expect(version.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('form-error')).toBeNull();
    // Pressing Submit blurs the field first: nothing on the page may move before the click lands.
    const form = container.querySelector('form')!;
    const before = form.innerHTML;
    fireEvent.blur(version);
    expect(form.innerHTML).toBe(before);
    await submit();
    expect(net.send).toHaveBeenCalledTimes(2);
    expect(net.calls[1]!.form.get('version')).toBe('1.0.1');
  });

  it('un-marks a required field as it is filled, and the form message goes with the last mark', async () => {
    const { send } = fakeSend();
    renderForm({ send });
    fireEvent.click(screen.getByRole('radio', { name: /Someone else/ }));
    await submit();
    expect(errorOf(box(/^Copyright holder’s name/))).toBe('Required');
    fireEvent.change(box(/^Plugin name/), { target: { value: 'Grid Helper' } });
    expect(errorOf(box(/^Plugin name/))).toBeNull();
    expect(screen.getByTestId('form-error').textContent).toBe('Please correct the marked fields.');
    for (const [name, value] of [
      [/^Intro/, 'Grids'],
      [/^Description/, 'Makes grids.'],
      [/^Version description/, 'First'],
    ] as const)
      fireEvent.change(box(name), { target: { value } });
    // The last mark is on the custom holder's name: choosing "author" hides that field and its mark.
    fireEvent.click(screen.getByRole('radio', { name: /The author/ }));
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('shows the per-account limits in its own words with the server message naming the limit', async () => {
    const net = fakeSend();
    renderForm({ send: net.send });
    fillRequired();
    const limits = [
      [
        409,
        40910,
        'PENDING_LIMIT_REACHED',
        'at most 5 submissions waiting for review',
        'Too many of your submissions are waiting for review.',
      ],
      [
        413,
        41310,
        'STORAGE_QUOTA_EXCEEDED',
        'may take at most 200 MB',
        'Your plugins’ files would go over your account’s storage quota.',
      ],
    ] as const;
    for (const [status, code, error, message, text] of limits) {
      await submit();
      await net.settle({
        ok: false,
        status,
        cancelled: false,
        envelope: { code, error, message, data: null },
      });
      expect(screen.getByTestId('form-error').textContent).toBe(`${text} ${message}`);
    }
  });
});

describe('edit', () => {
  it('prefills from the user’s plugins, shows the current files, keeps them when left empty and PUTs with plugin_key', async () => {
    const net = fakeFetch((req) =>
      req.url.searchParams.get('cursor') === 'p2'
        ? ok({ submission_list: [submission()], total: 2, next_cursor: null })
        : ok({
            submission_list: [submission({ id: 2, plugin_key: 'other', name: 'Other' })],
            total: 2,
            next_cursor: 'p2',
          }),
    );
    const sender = fakeSend();
    renderForm({ send: sender.send, pluginKey: 'grid-helper' }, net.fetch);
    expect(screen.getByRole('status').textContent).toContain('Loading your plugin…');
    await waitFor(() => expect((box(/^Plugin name/) as HTMLInputElement).value).toBe('Grid Helper'));
    expect(net.requests.map((r) => r.url.pathname)).toEqual([
      '/api/cmt/plugin/audit',
      '/api/cmt/plugin/audit',
    ]);
    expect((box(/^Intro/) as HTMLInputElement).value).toBe('Grids in one click');
    expect((box(/^Version$|^Version \*/) as HTMLInputElement).value).toBe('1.2.0');
    expect(screen.getByRole('img', { name: 'Current file: Icon' }).getAttribute('src')).toBe(
      '/api/cmt/file/icon.png',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit plugin');
    type(box(/^Version$|^Version \*/), '1.3.0');
    type(box(/^Version description/), 'New grids');
    await submit();
    const { method, form } = sender.calls[0]!;
    expect(method).toBe('PUT');
    expect(form.get('plugin_key')).toBe('grid-helper');
    expect(form.get('version')).toBe('1.3.0');
    expect(form.getAll('tags')).toEqual(['layout']);
    for (const f of ['icon', 'cover_center', 'cover_panel', 'video', 'images', 'code_file'])
      expect(form.has(f)).toBe(false);
  });

  it('shows a rejected version’s reason once, above the form', async () => {
    const reason = 'The icon shows a trademark';
    const net = fakeFetch(() =>
      ok({
        submission_list: [submission({ review_status: 3, reject_reason: reason })],
        total: 1,
        next_cursor: null,
      }),
    );
    renderForm({ send: fakeSend().send, pluginKey: 'grid-helper' }, net.fetch);
    await waitFor(() => expect((box(/^Plugin name/) as HTMLInputElement).value).toBe('Grid Helper'));
    expect(screen.getByTestId('reject-reason').textContent).toBe(
      `This version was not approved. Reason: ${reason}`,
    );
    expect(document.body.textContent!.split(reason)).toHaveLength(2);
  });

  it('says so when the plugin is not among the user’s plugins', async () => {
    const net = fakeFetch(() => ok({ submission_list: [], total: 0, next_cursor: null }));
    renderForm({ send: fakeSend().send, pluginKey: 'nope' }, net.fetch);
    expect(await screen.findByText('This plugin is not among your plugins.')).toBeTruthy();
  });
});

describe('edit by an administrator', () => {
  it('prefills from the audit list when the plugin is not among their own', async () => {
    const net = fakeFetch((req) =>
      req.url.pathname === '/api/cmt/plugin/audit'
        ? ok({ submission_list: [], total: 0, next_cursor: null })
        : ok({
            submission_list: [
              submission({ id: 5, plugin_key: 'grid-helper-pro', name: 'Pro' }),
              submission({ id: 6, plugin_key: 'grid-helper', name: 'Someone’s Grid' }),
            ],
            total: 2,
            next_cursor: null,
          }),
    );
    renderForm({ send: fakeSend().send, pluginKey: 'grid-helper', isAdmin: true }, net.fetch);
    await waitFor(() => expect((box(/^Plugin name/) as HTMLInputElement).value).toBe('Someone’s Grid'));
    const list = net.requests.find((r) => r.url.pathname === '/api/cmt/plugin/audit/list')!;
    expect(list.url.searchParams.get('keyword')).toBe('grid-helper');
  });
});

describe('the publish route', () => {
  const sso = (state: object) =>
    ({
      subscribe: () => () => {},
      getSnapshot: () => state,
      signIn: vi.fn(async () => {}),
      signOut: vi.fn(),
    }) as unknown as Parameters<typeof SsoClientProvider>[0]['client'];

  function renderRoute(path: string, client: ReturnType<typeof sso>) {
    const api = createApiClient({ fetch: fakeFetch().fetch, logger: { error: vi.fn() } });
    return render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
        <SsoClientProvider client={client}>
          <ApiClientProvider client={api}>
            <Routes>
              <Route path="/publish-plugin/:type" element={<PublishPage />} />
            </Routes>
          </ApiClientProvider>
        </SsoClientProvider>
      </MemoryRouter>,
    );
  }

  it('sends a visitor to sign in', async () => {
    const client = sso({ status: 'signed-out', accessToken: null, user: null, isAdmin: false });
    renderRoute('/publish-plugin/new', client);
    expect(screen.getByRole('status').textContent).toContain('Taking you to sign in…');
    await waitFor(() => expect(client.signIn).toHaveBeenCalledTimes(1));
  });

  it('tells a visitor to sign in to the host product where this site has no sign-in, going nowhere', async () => {
    const client = sso({ status: 'signed-out', accessToken: null, user: null, isAdmin: false });
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <SsoClientProvider client={client}>
          <SignedInRoute loading="Loading…" signingIn="Taking you to sign in…" canSignIn={false}>
            <p>secret page</p>
          </SignedInRoute>
        </SsoClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page needs an account');
    expect(screen.getByText('Sign in to your workspace first, then open this page again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('secret page')).toBeNull();
    expect(client.signIn).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toContain('Sign in first'));
  });

  it('shows the form to a signed-in user, without the admin-only fields', () => {
    renderRoute(
      '/publish-plugin/new',
      sso({ status: 'signed-in', accessToken: 't', user: { user_id: 7 }, isAdmin: false }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Publish a plugin');
    expect(screen.queryByLabelText(/^Developer/)).toBeNull();
  });

  it('shows the admin-only fields to an administrator', () => {
    renderRoute(
      '/publish-plugin/new',
      sso({ status: 'signed-in', accessToken: 't', user: { user_id: 1 }, isAdmin: true }),
    );
    expect(screen.getByLabelText(/^Developer/)).toBeTruthy();
    expect(screen.getByLabelText(/Install for everyone/)).toBeTruthy();
  });

  it('is not found for another type, or edit without a plugin_key', () => {
    const client = sso({ status: 'signed-in', accessToken: 't', user: { user_id: 7 }, isAdmin: false });
    renderRoute('/publish-plugin/other', client);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    cleanup();
    renderRoute('/publish-plugin/edit', client);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });
});

describe('the design tools of the publish form', () => {
  const tools = () =>
    within(screen.getByRole('group', { name: 'Design tools' })).getAllByRole(
      'checkbox',
    ) as HTMLInputElement[];

  it('offers the square’s design tools by their names, sends the checked ones, and none when none is checked', async () => {
    const net = fakeSend();
    renderForm({ send: net.send });
    expect(tools().map((box) => box.labels?.[0]?.textContent)).toEqual([
      'Figma',
      'Sketch',
      'Adobe XD',
      'Penpot',
      'MasterGo',
    ]);
    expect(tools().map((box) => box.value)).toEqual(['figma', 'sketch', 'adobe-xd', 'penpot', 'mastergo']);
    expect(tools().some((box) => box.checked)).toBe(false);
    expect(screen.getByText(/Leave all unchecked to take them from the code file/)).toBeTruthy();
    fillRequired();
    await submit();
    expect(net.calls[0]!.form.has('platforms')).toBe(false);
    await net.settle({
      ok: false,
      status: 500,
      cancelled: false,
      envelope: { code: 50000, error: 'INTERNAL', message: 'try again', data: null },
    });

    // Penpot, then Sketch, then Figma checked and unchecked again: in the list's order.
    for (const name of ['Penpot', 'Sketch', 'Figma', 'Figma']) fireEvent.click(screen.getByLabelText(name));
    expect(
      tools()
        .filter((box) => box.checked)
        .map((box) => box.value),
    ).toEqual(['sketch', 'penpot']);
    await submit();
    expect(net.calls[1]!.form.getAll('platforms')).toEqual(['sketch', 'penpot']);
  });

  it('shows the server’s refusal of the field under the group, until the choice changes', async () => {
    const net = fakeSend();
    renderForm({ send: net.send });
    fillRequired();
    fireEvent.click(screen.getByLabelText('Sketch'));
    await submit();
    await net.settle({
      ok: false,
      status: 400,
      cancelled: false,
      envelope: {
        code: 40001,
        error: 'INVALID_PARAMETER',
        message: 'platforms: unknown design tool "sketch"; one of figma, adobe-xd',
        data: null,
        field: 'platforms',
      },
    });
    const sketch = screen.getByLabelText('Sketch');
    expect(sketch.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(sketch)).toBe('platforms: unknown design tool "sketch"; one of figma, adobe-xd');
    fireEvent.click(screen.getByLabelText('Figma'));
    expect(errorOf(sketch)).toBeNull();
  });

  it('prefills an edit with the version’s design tools and sends them', async () => {
    const net = fakeFetch(() =>
      ok({
        submission_list: [submission({ platforms: ['mastergo', 'penpot'] })],
        total: 1,
        next_cursor: null,
      }),
    );
    const sender = fakeSend();
    renderForm({ send: sender.send, pluginKey: 'grid-helper' }, net.fetch);
    await waitFor(() => expect((box(/^Plugin name/) as HTMLInputElement).value).toBe('Grid Helper'));
    expect(
      tools()
        .filter((b) => b.checked)
        .map((b) => b.value),
    ).toEqual(['penpot', 'mastergo']);
    type(box(/^Version$|^Version \*/), '1.3.0');
    type(box(/^Version description/), 'New grids');
    await submit();
    expect(sender.calls[0]!.form.getAll('platforms')).toEqual(['mastergo', 'penpot']);
  });

  it.each([
    ['zh-CN', '设计工具'],
    ['ja-JP', 'デザインツール'],
    ['ko-KR', '디자인 도구'],
    ['es-ES', 'Herramientas de diseño'],
    ['ru-RU', 'Инструменты дизайна'],
  ] as const)('names the group in %s, the tools by their own names', async (locale, legend) => {
    await act(() => setLanguage(locale, { persist: false }));
    try {
      renderForm({ send: fakeSend().send });
      const group = screen.getByRole('group', { name: legend });
      expect(within(group).getByLabelText('Adobe XD')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en-US', { persist: false }));
    }
  });
});
