/**
 * The curation pages (resource positions, banners, recommendations and default installs)
 * over the real API client with only fetch faked: what is shown, the SPEC §5 checks before anything
 * is sent, the bodies and queries sent, confirmations and toasts.
 */
import { fakeFetch, ok, summary } from '@plugin-center/test-fakes/fetch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime as formatTime } from '../../format';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToastsAfterEach, failure, renderWithToasts, sent, toastTexts } from '../../testing/toasts';
import { PluginPicker } from '../PluginPicker';
import { BannerConfigView, isHttpUrl } from './BannerConfigPage';
import { RecommendationView } from './RecommendationPage';
import { checkTimeRange, localInputToMs, ResourceStateView } from './ResourceStatePage';

inEnglish();
dismissToastsAfterEach();

/** The square's search, which the plugin pickers use. */
const SEARCH = '/api/cmt/plugin/list';
const searchResults = (...names: string[]) =>
  ok({
    plugin_list: names.map((n) => ({ ...summary(n.toLowerCase()), name: n })),
    total: names.length,
    next_cursor: null,
  });

const HOUR = 3_600_000;
const slot = (id: number, name: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  plugin_key: name.toLowerCase(),
  name,
  icon: null,
  start_time: Date.UTC(2030, 0, 1, 8),
  end_time: Date.UTC(2030, 0, 2, 8),
  is_new: false,
  is_disabled: status === 'invalidated',
  status,
  create_time: 1,
  update_time: 1,
  ...extra,
});

describe('resource positions page', () => {
  const slots = [
    slot(3, 'Grid', 'pending', { is_new: true }),
    slot(2, 'Chart', 'active'),
    slot(1, 'Table', 'invalidated'),
  ];
  const server = (onPost = () => ok(slot(4, 'Grid', 'pending'))) =>
    fakeFetch((req) => {
      if (req.url.pathname === SEARCH) return searchResults('Grid');
      if (req.method === 'POST') return onPost();
      if (req.method === 'PUT') return ok(slot(2, 'Chart', 'invalidated'));
      const status = req.url.searchParams.get('status');
      const list = status ? slots.filter((s) => s.status === status) : slots;
      return ok({ resource_state_list: list, total: list.length, next_cursor: null });
    });

  it('lists the positions with local times, status badges and the new tag; filters by status', async () => {
    const net = server();
    renderWithClient(net.fetch, <ResourceStateView />, '/backstage-index/resource-state-list');
    const rows = await screen.findAllByTestId('resource-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Pending');
    expect(rows[0]!.textContent).toContain('New');
    expect(rows[0]!.textContent).toContain(formatTime(Date.UTC(2030, 0, 1, 8), 'en-US'));
    expect(rows[1]!.textContent).toContain('Active');
    expect(within(rows[2]!).getByRole('button', { name: 'Restore Table' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    await waitFor(() => expect(screen.getAllByTestId('resource-row')).toHaveLength(1));
    expect(net.requests.at(-1)!.url.searchParams.get('status')).toBe('active');
  });

  it('disables a position with feedback and reloads', async () => {
    const net = server();
    renderWithToasts(net.fetch, <ResourceStateView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Chart' }));
    await waitFor(() => expect(toastTexts()).toContain('Chart is disabled'));
    const put = sent(net, 'PUT')[0]!;
    expect(put.url.pathname).toBe('/api/cmt/plugin/resource_state/disable');
    expect(Object.fromEntries(put.url.searchParams)).toEqual({ id: '2', is_disabled: 'true' });
    await waitFor(() =>
      expect(sent(net, 'GET').filter((r) => r.url.pathname.endsWith('/list'))).toHaveLength(2),
    );
  });

  it('checks the form inline before sending (SPEC §5)', async () => {
    const net = server();
    renderWithClient(net.fetch, <ResourceStateView />);
    await screen.findAllByTestId('resource-row');
    const create = screen.getByRole('button', { name: 'Create resource position' });
    fireEvent.click(create);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Choose the start and end time')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start', { exact: false }), {
      target: { value: '2031-05-02T10:00' },
    });
    fireEvent.change(screen.getByLabelText('End', { exact: false }), {
      target: { value: '2031-05-01T10:00' },
    });
    fireEvent.click(create);
    expect(await screen.findByText('The end cannot be before the start')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start', { exact: false }), {
      target: { value: '2000-01-01T10:00' },
    });
    fireEvent.change(screen.getByLabelText('End', { exact: false }), {
      target: { value: '2000-01-02T10:00' },
    });
    fireEvent.click(create);
    const error = await screen.findByText('The end cannot be in the past');
    expect(screen.getByLabelText('End', { exact: false }).getAttribute('aria-describedby')).toBe(error.id);
    expect(sent(net, 'POST')).toHaveLength(0);
  });

  it('creates a position for a plugin chosen by searching, times in ms', async () => {
    const net = server();
    renderWithToasts(net.fetch, <ResourceStateView />);
    await screen.findAllByTestId('resource-row');
    fireEvent.change(screen.getByLabelText('Plugin'), { target: { value: 'gr' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Grid grid' }));
    expect(screen.getByTestId('chosen-plugin').textContent).toBe('Chosen: Grid');
    fireEvent.change(screen.getByLabelText('Start', { exact: false }), {
      target: { value: '2031-05-01T10:00' },
    });
    fireEvent.change(screen.getByLabelText('End', { exact: false }), {
      target: { value: '2031-05-03T18:30' },
    });
    fireEvent.click(screen.getByLabelText('‘New’ tag'));
    fireEvent.click(screen.getByRole('button', { name: 'Create resource position' }));
    await waitFor(() => expect(toastTexts()).toContain('Resource position created'));
    const post = sent(net, 'POST')[0]!;
    expect(post.url.pathname).toBe('/api/cmt/plugin/resource_state');
    expect(post.json).toEqual({
      plugin_key: 'grid',
      start_time: new Date(2031, 4, 1, 10, 0).getTime(),
      end_time: new Date(2031, 4, 3, 18, 30).getTime(),
      is_new: true,
    });
  });

  it("shows the server's refusal beside the time fields", async () => {
    const net = server(() =>
      failure(400, 'INVALID_PARAMETER', 'end_time: the end is before now', 'end_time'),
    );
    renderWithClient(net.fetch, <ResourceStateView />);
    await screen.findAllByTestId('resource-row');
    fireEvent.change(screen.getByLabelText('Plugin'), { target: { value: 'gr' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Grid grid' }));
    fireEvent.change(screen.getByLabelText('Start', { exact: false }), {
      target: { value: '2031-05-01T10:00' },
    });
    fireEvent.change(screen.getByLabelText('End', { exact: false }), {
      target: { value: '2031-05-03T18:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create resource position' }));
    expect(await screen.findByText('end_time: the end is before now')).toBeTruthy();
  });

  it('time checks: required, end not before start, end not before now', () => {
    expect(localInputToMs('')).toBeNaN();
    expect(localInputToMs('2031-05-01T10:00')).toBe(new Date(2031, 4, 1, 10).getTime());
    expect(checkTimeRange(Number.NaN, 5, 0)).toBe('resource.timeRequired');
    expect(checkTimeRange(10, 5, 0)).toBe('resource.endBeforeStart');
    expect(checkTimeRange(1, 5, 6)).toBe('resource.endBeforeNow');
    expect(checkTimeRange(1, 5 + HOUR, 6)).toBeNull();
    expect(checkTimeRange(5, 5, 5)).toBeNull();
  });
});

describe('banner config page', () => {
  const banners = [
    { id: 7, image: '/api/cmt/file/a.png', redirect_url: 'https://a.example/', position: 0 },
    { id: 9, image: '/api/cmt/file/b.png', redirect_url: 'https://b.example/', position: 1 },
  ];
  const server = (onPut = () => ok(banners[0])) =>
    fakeFetch((req) => {
      if (req.method === 'PUT') return onPut();
      if (req.method === 'DELETE') return ok({ id: 9 });
      return ok(banners);
    });
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' });

  it('shows the banners as previews in order', async () => {
    renderWithClient(server().fetch, <BannerConfigView />, '/backstage-index/banner-config');
    const rows = await screen.findAllByTestId('banner-row');
    expect(rows.map((r) => r.querySelector('img')!.getAttribute('src'))).toEqual([
      '/api/cmt/file/a.png',
      '/api/cmt/file/b.png',
    ]);
    expect(within(rows[0]!).getByRole('img', { name: 'Banner 1' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Move banner 1 up' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("refuses a wrong link with exactly 'Wrong url, please try again' and sends nothing", async () => {
    const net = server();
    renderWithClient(net.fetch, <BannerConfigView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add banner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Image', { exact: false }), { target: { files: [png()] } });
    fireEvent.change(screen.getByLabelText('Link', { exact: false }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Wrong url, please try again')).toBeTruthy();
    expect(sent(net, 'PUT')).toHaveLength(0);
  });

  it('adds a banner as multipart and shows the server’s link refusal', async () => {
    let answer = failure(400, 'INVALID_PARAMETER', 'Wrong url, please try again', 'redirect_url');
    const net = server(() => answer);
    renderWithToasts(net.fetch, <BannerConfigView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add banner' }));
    fireEvent.change(screen.getByLabelText('Image', { exact: false }), { target: { files: [png()] } });
    fireEvent.change(screen.getByLabelText('Link', { exact: false }), {
      target: { value: 'https://c.example/x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Wrong url, please try again')).toBeTruthy();
    const form = sent(net, 'PUT')[0]!.body as FormData;
    expect(sent(net, 'PUT')[0]!.url.pathname).toBe('/api/cmt/manager/plugin-banner');
    expect(form.get('redirect_url')).toBe('https://c.example/x');
    expect((form.get('image') as File).name).toBe('b.png');
    expect(form.has('id')).toBe(false);
    answer = ok({ ...banners[0], id: 11, position: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
  });

  it('replaces a banner’s link keeping its image, and moves one down', async () => {
    const net = server();
    renderWithClient(net.fetch, <BannerConfigView />);
    const rows = await screen.findAllByTestId('banner-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Replace' }));
    const link = screen.getByLabelText('Link', { exact: false }) as HTMLInputElement;
    expect(link.value).toBe('https://a.example/');
    fireEvent.change(link, { target: { value: 'https://new.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(net, 'PUT')).toHaveLength(1));
    const form = sent(net, 'PUT')[0]!.body as FormData;
    expect([form.get('id'), form.get('redirect_url'), form.has('image')]).toEqual([
      '7',
      'https://new.example/',
      false,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move banner 1 down' }));
    await waitFor(() => expect(sent(net, 'PUT')).toHaveLength(2));
    const move = sent(net, 'PUT')[1]!.body as FormData;
    expect([move.get('id'), move.get('position')]).toEqual(['7', '1']);
  });

  it('deletes a banner only after the confirmation', async () => {
    const net = server();
    renderWithToasts(net.fetch, <BannerConfigView />);
    const rows = await screen.findAllByTestId('banner-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this banner?' });
    expect(sent(net, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('Banner deleted'));
    expect(sent(net, 'DELETE')[0]!.json).toEqual({ id: 9 });
  });

  it('isHttpUrl accepts absolute http(s) links only', () => {
    expect(isHttpUrl('https://a.example/x?y=1')).toBe(true);
    expect(isHttpUrl('http://a.example')).toBe(true);
    for (const bad of [
      '',
      'a.example',
      '/relative',
      'ftp://a.example',
      'javascript:alert(1)',
      'https://',
      'https://user:pw@a.example/',
      'https:/\\a.example',
      'https://a.example/\u202e',
    ])
      expect(isHttpUrl(bad), bad).toBe(false);
  });
});

describe('recommendations and default installs page', () => {
  const server = (curated: string[], silent: string[]) =>
    fakeFetch((req) => {
      const path = req.url.pathname;
      if (path === SEARCH) return searchResults('Delta');
      if (path.endsWith('/recommendation/curated'))
        return ok({
          plugin_list: curated.map((k) => ({ ...summary(k), name: k })),
          is_curated: curated.length > 0,
        });
      if (path.endsWith('/recommendation/publish')) {
        const keys = (req.json as { plugin_keys: string[] }).plugin_keys;
        return ok({
          plugin_list: keys.map((k) => ({ ...summary(k), name: k })),
          is_curated: keys.length > 0,
        });
      }
      if (path.endsWith('/silent_install/list'))
        return ok({ plugin_list: silent.map((k) => ({ ...summary(k), name: k })) });
      const body = req.json as { plugin_key: string; is_default_install: boolean };
      return ok(body);
    });
  const names = () =>
    screen
      .getAllByTestId('rec-row')
      .map((r) => r.querySelector('.bo-row-title')?.textContent?.replace(/^\d+\. /, ''));

  it('reorders with the keyboard-reachable buttons, removes, adds by search and publishes in order', async () => {
    const net = server(['alpha', 'beta', 'gamma'], []);
    renderWithToasts(net.fetch, <RecommendationView />, '/backstage-index/recommendation');
    await screen.findAllByTestId('rec-row');
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    expect(screen.getByTestId('rec-state').textContent).toBe('The square shows this choice.');
    fireEvent.click(screen.getByRole('button', { name: 'Move gamma up' }));
    // the keyboard stays on the moved plugin
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move gamma up'));
    fireEvent.click(screen.getByRole('button', { name: 'Move gamma up' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move gamma down'));
    fireEvent.click(screen.getByRole('button', { name: 'Move gamma down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove alpha' }));
    expect(names()).toEqual(['gamma', 'beta']);
    expect(screen.getByTestId('rec-state').textContent).toBe('Unpublished changes');
    fireEvent.change(screen.getAllByLabelText('Search plugins')[0]!, { target: { value: 'de' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delta delta' }));
    expect(names()).toEqual(['gamma', 'beta', 'Delta']);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(toastTexts()).toContain('Recommendations published'));
    const post = net.requests.find((r) => r.url.pathname.endsWith('/publish'))!;
    expect(post.json).toEqual({ plugin_keys: ['gamma', 'beta', 'delta'] });
    expect(screen.getByTestId('rec-state').textContent).toBe('The square shows this choice.');
  });

  it('says when the square shows the automatic sample', async () => {
    renderWithClient(server([], []).fetch, <RecommendationView />);
    expect((await screen.findByTestId('rec-state')).textContent).toBe(
      'No choice is published: the square shows an automatic sample.',
    );
    expect(screen.getByText('No plugin chosen')).toBeTruthy();
  });

  it('turns a default install off with its checkbox and adds one by search', async () => {
    const net = server([], ['omega']);
    renderWithToasts(net.fetch, <RecommendationView />);
    const box = await screen.findByRole('checkbox', { name: 'Installed by default: omega' });
    fireEvent.click(box);
    await waitFor(() => expect(toastTexts()).toContain('omega is no longer installed by default'));
    const puts = () => net.requests.filter((r) => r.url.pathname === '/api/cmt/plugin/silent_install');
    expect(puts()[0]!.json).toEqual({ plugin_key: 'omega', is_default_install: false });
    fireEvent.change(screen.getByLabelText('Install by default'), { target: { value: 'de' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delta delta' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.json).toEqual({ plugin_key: 'delta', is_default_install: true });
  });
});

describe('plugin picker', () => {
  it("searches with the square's search (any word of the name), and says when nothing matches", async () => {
    const net = fakeFetch((req) => {
      const keyword = req.url.searchParams.get('keyword') ?? '';
      return /walker/i.test(keyword) ? searchResults('Sky Walker Tools') : searchResults();
    });
    const picked: string[] = [];
    renderWithClient(net.fetch, <PluginPicker onPick={(p) => picked.push(p.plugin_key)} />);
    const field = screen.getByLabelText('Search plugins');
    fireEvent.change(field, { target: { value: 'Walker' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Sky Walker Tools sky walker tools' }));
    expect(picked).toEqual(['sky walker tools']);
    const query = net.requests.at(-1)!.url;
    expect(query.pathname).toBe(SEARCH);
    expect([query.searchParams.get('keyword'), query.searchParams.get('sort')]).toEqual(['Walker', '2']);
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: 'qzxv nonsense' } });
    expect((await screen.findByTestId('picker-no-match')).textContent).toBe('No plugin matches');
    expect(screen.queryByRole('button', { name: /Sky Walker/ })).toBeNull();
  });
});
