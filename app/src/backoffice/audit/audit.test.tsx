import { fakeFetch, ok, type SeenRequest } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { submission } from '../../testing/submissions';
import { dismissToast, type ToastMessage, useToasts } from '../../toast/toastStore';
import { AuditListView } from './AuditListPage';
import { AuditLogView } from './AuditLogPage';

let seenToasts: readonly ToastMessage[] = [];
function ToastProbe() {
  seenToasts = useToasts();
  return null;
}

const LIST = '/api/cmt/plugin/audit/list';

const pending = submission({
  id: 10,
  plugin_key: 'grid-helper',
  name: 'Grid Helper',
  version: '1.3.0',
  review_status: 1,
  live_version: '1.2.0',
  video: '/api/cmt/file/demo.mp4',
  reuse_center_cover: true,
  images: ['/api/cmt/file/one.png'],
  checks: [
    { check: 'image', status: 'pass', detail: 'icon 32×32 PNG' },
    { check: 'name', status: 'flag', detail: 'close to “Grid Helpers”' },
    { check: 'secrets', status: 'fail', detail: 'an AWS key in the code file' },
  ],
  changes: [
    { field: 'intro', kind: 'text', before: 'Grids', after: 'Grids in one click' },
    {
      field: 'cover_center',
      kind: 'image',
      before: '/api/cmt/file/old-cover.png',
      after: '/api/cmt/file/cover.png',
    },
    {
      field: 'images',
      kind: 'images',
      before: '/api/cmt/file/old-shot.png',
      after: '/api/cmt/file/one.png\n/api/cmt/file/two.png',
      before_list: ['/api/cmt/file/old-shot.png'],
      after_list: ['/api/cmt/file/one.png', '/api/cmt/file/two.png'],
    },
    { field: 'code_file', kind: 'file', before: `${'a'.repeat(64)}.json`, after: `${'b'.repeat(64)}.json` },
    { field: 'contact', kind: 'text', before: null, after: 'ada@example.com' },
  ],
});
const rejected = submission({
  id: 11,
  plugin_key: 'colors',
  name: 'Colors',
  review_status: 3,
  reject_reason: 'Trademark in the icon',
  has_code_file: false,
});

/** An admin back end: the list answers by filter; every action succeeds. */
function adminServer() {
  return fakeFetch((req: SeenRequest) => {
    if (req.url.pathname === LIST) {
      const status = req.url.searchParams.get('status');
      const list = status === '1' ? [pending] : status === '3' ? [rejected] : [pending, rejected];
      return ok({ submission_list: list, total: list.length, next_cursor: null });
    }
    if (req.url.pathname.endsWith('/download')) {
      return new Response('{"name":"Grid"}', { headers: { 'content-type': 'application/json' } });
    }
    return ok({ ...pending, review_status: 2 });
  });
}

const renderWith = (fetch: typeof globalThis.fetch, children: ReactNode) =>
  renderWithClient(
    fetch,
    <>
      <ToastProbe />
      {children}
    </>,
    '/backstage-index/audit-list',
  );

const item = (key: string) => document.querySelector<HTMLElement>(`[data-plugin-key="${key}"]`)!;
const listRequests = (net: { requests: SeenRequest[] }) =>
  net.requests.filter((r) => r.url.pathname === LIST);

inEnglish();
afterEach(() => {
  for (const toast of seenToasts) act(() => dismissToast(toast.id));
  cleanup();
  vi.restoreAllMocks();
});

describe('audit list', () => {
  it('warns when a submission matches another plugin by manifest id, name or repository', async () => {
    const lookalike = submission({
      id: 12,
      plugin_key: 'zebra-copy',
      name: 'Zebra',
      review_status: 1,
      matches: [
        { plugin_key: 'zebra-1f2e3d4c5b', name: 'zebra', fields: ['manifest_id', 'name'] },
        { plugin_key: 'zebra-stripes-0a9b8c7d6e', name: 'Zebra Stripes', fields: ['repository'] },
      ],
    });
    const plain = submission({ id: 13, plugin_key: 'plain', name: 'Plain', review_status: 1, matches: [] });
    const net = fakeFetch(() => ok({ submission_list: [lookalike, plain], total: 2, next_cursor: null }));
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    const warning = item('zebra-copy').querySelector<HTMLElement>('.audit-matches')!;
    expect(within(warning).getByRole('heading', { name: 'Matches another plugin' })).toBeTruthy();
    expect([...warning.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Matchzebrasame manifest id and name · zebra-1f2e3d4c5b',
      'MatchZebra Stripessame repository · zebra-stripes-0a9b8c7d6e',
    ]);
    expect(warning.querySelector('[data-status="match"]')!.getAttribute('data-tone')).toBe('warning');
    expect(item('plain').querySelector('.audit-matches')).toBeNull();
  });

  it('filters by status (0 all, 1 unaudited, 2 passed, 3 not passed) and searches by keyword', async () => {
    const net = adminServer();
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    expect(listRequests(net)[0]!.url.searchParams.get('status')).toBe('0');
    const filters = within(screen.getByRole('group', { name: 'Review status' }));
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Unaudited',
      'Passed',
      'Not passed',
    ]);
    expect(filters.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(filters.getByRole('button', { name: 'Not passed' }));
    await waitFor(() => expect(listRequests(net)).toHaveLength(2));
    expect(listRequests(net)[1]!.url.searchParams.get('status')).toBe('3');
    expect(filters.getByRole('button', { name: 'Not passed' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(item('grid-helper')).toBeNull());
    expect(item('colors').textContent).toContain('Reject reason: Trademark in the icon');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search submissions' }), {
      target: { value: ' grid ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listRequests(net)).toHaveLength(3));
    expect(listRequests(net)[2]!.url.searchParams.get('keyword')).toBe('grid');
    expect(listRequests(net)[2]!.url.searchParams.get('status')).toBe('3');
  });

  it('shows a submission’s submitter, checks, changes against the live version and media', async () => {
    renderWith(adminServer().fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    const grid = item('grid-helper');
    expect(grid.textContent).toContain('Submitted by Ada');
    expect(grid.textContent).toContain('Live version: 1.2.0');
    const checks = [...grid.querySelectorAll('.audit-checks li')].map((li) => li.textContent);
    expect(checks).toEqual([
      'Passimageicon 32×32 PNG',
      'Flagnameclose to “Grid Helpers”',
      'Failsecretsan AWS key in the code file',
    ]);
    const changes = within(within(grid).getByRole('table', { name: 'Changes against the live version' }));
    expect(
      changes
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['intro', 'Grids', 'Grids in one click'],
      ['cover_center', '', ''],
      ['images', '', ''],
      ['code_file', 'Code file replaced: use Download code to read the new one.'],
      ['contact', '(empty)', 'ada@example.com'],
    ]);
    // Images as thumbnails, named by field and side: the cover before and after, the gallery as rows.
    const row = (field: string) => grid.querySelector<HTMLElement>(`tr[data-field="${field}"]`)!;
    const thumbs = (field: string) =>
      within(row(field))
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]);
    expect(thumbs('cover_center')).toEqual([
      ['Plugin center cover (before)', '/api/cmt/file/old-cover.png'],
      ['Plugin center cover (after)', '/api/cmt/file/cover.png'],
    ]);
    expect(thumbs('images')).toEqual([
      ['Images 1 of 1 (before)', '/api/cmt/file/old-shot.png'],
      ['Images 1 of 2 (after)', '/api/cmt/file/one.png'],
      ['Images 2 of 2 (after)', '/api/cmt/file/two.png'],
    ]);
    expect(row('code_file').textContent).not.toContain('aaaa');
    // The preview of an edit starts closed, and holds the gallery and the video as the detail shows them.
    const preview = grid.querySelector<HTMLDetailsElement>('details.audit-preview')!;
    expect(preview.open).toBe(false);
    expect(within(preview).getByRole('img', { name: 'Grid Helper, image 1 of 1' }).getAttribute('src')).toBe(
      '/api/cmt/file/one.png',
    );
    expect(preview.querySelector('video')!.getAttribute('src')).toBe('/api/cmt/file/demo.mp4');
    // Approve and Reject only for the unreviewed one; Download needs a code file.
    expect(within(item('colors')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(
      (within(item('colors')).getByRole('button', { name: 'Download code' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('previews a new plugin’s whole listing as the square will show it', async () => {
    const fresh = submission({
      id: 14,
      plugin_key: 'palette-pal',
      name: 'Palette Pal',
      intro: 'Pick palettes from any image',
      description:
        '# Usage\n\n- Select an image\n- Press **Pick**\n\n<script>alert("x")</script>\n\n[Docs](javascript:alert(1))',
      tags: ['color', 'accessibility'],
      version: '1.0.0',
      version_content: 'First release\nSee https://example.com/notes',
      contact: 'WeChat: palette_pal',
      technical_support_link: 'https://example.com/support',
      developer: 'Ada Studio',
      copyright_type: 'custom',
      copyright_name: 'Ada Ltd.',
      cover_center: '/api/cmt/file/center.png',
      cover_panel: '/api/cmt/file/panel.png',
      reuse_center_cover: false,
      images: ['/api/cmt/file/shot.png'],
      live_version: null,
    });
    const net = fakeFetch(() => ok({ submission_list: [fresh], total: 1, next_cursor: null }));
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    const card = item('palette-pal');
    // Nothing live to compare a new plugin with: no changes section, the preview instead.
    expect(within(card).queryByRole('heading', { name: 'Changes against the live version' })).toBeNull();
    const details = card.querySelector<HTMLDetailsElement>('details.audit-preview')!;
    expect(details.querySelector('summary')!.textContent).toBe('Preview of the listing');
    expect(details.open).toBe(true);
    const preview = within(details);
    // Name (a heading under the card's), developer and intro.
    expect(preview.getByRole('heading', { level: 4, name: 'Palette Pal' })).toBeTruthy();
    expect(preview.getByText('Ada Studio')).toBeTruthy();
    expect(preview.getByText('Pick palettes from any image')).toBeTruthy();
    // The description as rendered, sanitised Markdown: headings nest under the section's, no script runs.
    const description = details.querySelector<HTMLElement>('[data-testid="detail-description"]')!;
    expect(within(description).getByRole('heading', { level: 5, name: 'Description' })).toBeTruthy();
    expect(within(description).getByRole('heading', { level: 6, name: 'Usage' })).toBeTruthy();
    expect(
      within(description)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Select an image', 'Press Pick']);
    expect(description.querySelector('strong')!.textContent).toBe('Pick');
    expect(details.querySelector('script')).toBeNull();
    expect(description.textContent).toContain('<script>alert("x")</script>');
    expect(within(description).getByText('Docs').getAttribute('href')).not.toMatch(/javascript/i);
    // Tags, gallery, version notes (links live), version, copyright holder, support link.
    expect(
      within(preview.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Color', 'Accessibility']);
    expect(preview.getByRole('img', { name: 'Palette Pal, image 1 of 1' }).getAttribute('src')).toBe(
      '/api/cmt/file/shot.png',
    );
    const notes = preview.getByRole('heading', { name: 'What is new' }).parentElement!;
    expect(notes.textContent).toContain('First release');
    expect(within(notes).getByRole('link', { name: 'https://example.com/notes' })).toBeTruthy();
    const facts = (section: string) => {
      const dl = preview.getByRole('heading', { name: section }).parentElement!.querySelector('dl')!;
      return new Map(
        [...dl.querySelectorAll('div')].map((row) => [
          row.querySelector('dt')!.textContent,
          row.querySelector('dd')!,
        ]),
      );
    };
    const listed = facts('Details');
    expect(listed.get('Current version')!.textContent).toBe('1.0.0');
    expect(listed.get('Copyright holder')!.textContent).toBe('Ada Ltd.');
    expect(listed.get('Created')).toBeUndefined();
    expect(within(listed.get('Technical support')!).getByRole('link').getAttribute('href')).toBe(
      'https://example.com/support',
    );
    // What the detail dialog does not show: the contact and both covers.
    const more = facts('Covers and contact');
    expect(more.get('Contact')!.textContent).toBe('WeChat: palette_pal');
    expect(within(more.get('Plugin center cover')!).getByRole('img').getAttribute('src')).toBe(
      '/api/cmt/file/center.png',
    );
    expect(within(more.get('Panel cover')!).getByRole('img').getAttribute('src')).toBe(
      '/api/cmt/file/panel.png',
    );
    // The summary opens and closes it.
    fireEvent.click(details.querySelector('summary')!);
    await waitFor(() => expect(details.open).toBe(false));
  });

  it('approves, toasts and reloads the list', async () => {
    const net = adminServer();
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    await act(async () =>
      fireEvent.click(within(item('grid-helper')).getByRole('button', { name: 'Approve' })),
    );
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Approved Grid Helper']));
    const action = net.requests.find((r) => r.url.pathname === '/api/cmt/plugin/audit/status')!;
    expect(action.method).toBe('POST');
    expect(action.json).toEqual({ plugin_key: 'grid-helper', status: 2, version: '1.3.0' });
    await waitFor(() => expect(listRequests(net)).toHaveLength(2));
  });

  it('rejects only with a reason: Reject stays disabled while the reason is empty', async () => {
    const net = adminServer();
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    fireEvent.click(within(item('grid-helper')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Grid Helper' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(confirm.closest('form')!);
    expect(net.requests.some((r) => r.url.pathname === '/api/cmt/plugin/audit/status')).toBe(false);
    fireEvent.change(reason, { target: { value: ' The icon shows a trademark ' } });
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Rejected Grid Helper']));
    const action = net.requests.find((r) => r.url.pathname === '/api/cmt/plugin/audit/status')!;
    expect(action.json).toEqual({
      plugin_key: 'grid-helper',
      status: 3,
      reason: 'The icon shows a trademark',
      version: '1.3.0',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listRequests(net)).toHaveLength(2));
  });

  it('deletes only after confirmation', async () => {
    const net = adminServer();
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    const deletes = () => net.requests.filter((r) => r.method === 'DELETE');
    fireEvent.click(within(item('colors')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Colors?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    fireEvent.click(within(item('colors')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete Colors?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]!.url.pathname).toBe('/api/cmt/plugin');
    expect(deletes()[0]!.json).toEqual({ plugin_key: 'colors' });
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Deleted Colors']));
    await waitFor(() => expect(listRequests(net)).toHaveLength(2));
  });

  it('downloads the code file as <plugin_key>.json', async () => {
    const net = adminServer();
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:code');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    await act(async () =>
      fireEvent.click(within(item('grid-helper')).getByRole('button', { name: 'Download code' })),
    );
    await waitFor(() => expect(saved).toEqual([{ name: 'grid-helper.json', href: 'blob:code' }]));
    expect(net.requests.some((r) => r.url.pathname === '/api/cmt/manager/plugin/grid-helper/download')).toBe(
      true,
    );
    expect(seenToasts.map((t) => t.text)).toEqual(['Downloaded grid-helper.json']);
  });

  it('toasts the server message when an action fails and keeps the list', async () => {
    const net = fakeFetch((req) =>
      req.url.pathname === LIST
        ? ok({ submission_list: [pending], total: 1, next_cursor: null })
        : new Response(
            JSON.stringify({ code: 40900, error: 'CONFLICT', message: 'Already reviewed', data: null }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
    );
    renderWith(net.fetch, <AuditListView />);
    await screen.findByTestId('audit-list');
    await act(async () =>
      fireEvent.click(within(item('grid-helper')).getByRole('button', { name: 'Approve' })),
    );
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toEqual(['Already reviewed']));
    expect(listRequests(net)).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('shows the entries as a table and loads more', async () => {
    const net = fakeFetch((req) =>
      req.url.searchParams.get('cursor') === 'n2'
        ? ok({
            entry_list: [
              {
                id: 1,
                time: Date.UTC(2026, 0, 1),
                actor: { user_id: 1, nick_name: 'Root' },
                action: 'delete',
                plugin_key: 'spam',
                version: null,
                reason: null,
              },
            ],
            next_cursor: null,
          })
        : ok({
            entry_list: [
              {
                id: 2,
                time: Date.UTC(2026, 0, 2),
                actor: { user_id: 1, nick_name: 'Root' },
                action: 'reject',
                plugin_key: 'colors',
                version: '0.3.1',
                reason: 'Trademark',
              },
            ],
            next_cursor: 'n2',
          }),
    );
    renderWith(net.fetch, <AuditLogView />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/manager/audit-log');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Actor', 'Action', 'Plugin', 'Version', 'Reason']);
    const cells = (row: HTMLElement) => [...row.children].slice(1).map((c) => c.textContent);
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      'Root',
      'Reject',
      'colors',
      '0.3.1',
      'Trademark',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(net.requests[1]!.url.searchParams.get('cursor')).toBe('n2');
    expect(cells(within(table).getAllByRole('row')[2]!)).toEqual(['Root', 'Delete', 'spam', '—', '—']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
