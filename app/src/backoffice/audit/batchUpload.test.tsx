/**
 * The back-office batch upload with the upload function faked (the XHR helper itself is covered by
 * `upload.test.ts`): the file check, the multipart field `file` to `POST manager/plugins/upload`,
 * progress and Cancel (abort), the result with 'Plugin parsing failed' per failed record and the
 * unread files of a ZIP, the rejected (400) and too large (413) errors; with the API client over a
 * fake fetch, what a cancel left behind (`GET manager/plugins/batch`) and the batch's undo
 * (`DELETE manager/plugins/batch`, after a confirmation).
 */
import type { BatchUploadResult } from '@plugin-center/contract';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToastsAfterEach, renderWithToasts, toastTexts } from '../../testing/toasts';
import type { UploadOptions, UploadOutcome } from '../../upload';
import { BATCH_UPLOAD_PATH, BatchResult, BatchUploadView } from './BatchUploadPage';

type Outcome = UploadOutcome<BatchUploadResult>;

/** A fake `send`: records each call and lets the test report progress and answer (or see the abort). */
function fakeSend() {
  const calls: { options: UploadOptions; resolve(o: Outcome): void }[] = [];
  const send = (options: UploadOptions) =>
    new Promise<Outcome>((resolve) => {
      calls.push({ options, resolve });
      options.signal?.addEventListener('abort', () =>
        resolve({
          ok: false,
          status: 0,
          cancelled: true,
          envelope: { code: -1, error: 'CANCELLED', message: 'cancel', data: null },
        }),
      );
    });
  return { calls, send };
}

const BATCH = 'batch-test-0001';
const result = (patch: Partial<BatchUploadResult> = {}): BatchUploadResult => ({
  batch_id: BATCH,
  added: 3,
  skipped: 1,
  translations: 2,
  failed: [],
  rejected_files: [],
  cancelled: false,
  ...patch,
});

/** The batch API behind the page: `GET manager/plugins/batch` answers `imported`; DELETE deletes them. */
function batchServer(imported = 0) {
  let left = imported;
  return fakeFetch((req) => {
    if (req.method === 'DELETE') {
      const deleted = left;
      left = 0;
      return ok({ batch_id: BATCH, deleted });
    }
    return ok({ batch_id: req.url.searchParams.get('batch_id'), plugin_count: left });
  });
}

function renderView(send: ReturnType<typeof fakeSend>['send'], net = batchServer(), toasts = false) {
  const ui = <BatchUploadView send={send} newBatchId={() => BATCH} />;
  return toasts
    ? renderWithToasts(net.fetch, ui)
    : renderWithClient(net.fetch, ui, '/backstage-index/batch-upload');
}

const fileInput = () => screen.getByLabelText(/^Catalogue file/) as HTMLInputElement;
function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}
const jsonFile = () => new File(['[{"name":"A"}]'], 'catalogue.json', { type: 'application/json' });

inEnglish();
dismissToastsAfterEach();
afterEach(cleanup);

describe('batch upload', () => {
  it('refuses to send without a file or with a file that is not .json or .zip', () => {
    const net = fakeSend();
    renderView(net.send);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Choose a file first')).toBeTruthy();
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Choose a .json or .zip file')).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(net.calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Batch upload' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the counts with the cancelled state when the server reports a cancelled import', async () => {
    const net = fakeSend();
    renderView(net.send);
    choose(jsonFile());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(net.calls).toHaveLength(1));
    await act(async () =>
      net.calls[0]!.resolve({ ok: true, status: 200, data: result({ cancelled: true }) }),
    );
    const box = await screen.findByTestId('batch-result');
    expect(within(box).getByTestId('batch-cancelled').textContent).toContain('Upload cancelled');
    expect(box.textContent).toContain('Every record was read.');
  });

  it('sends the file as multipart field file with progress, then shows the counts and each failed record', async () => {
    const net = fakeSend();
    renderView(net.send);
    const file = jsonFile();
    choose(file);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(net.calls).toHaveLength(1));
    const { options, resolve } = net.calls[0]!;
    expect([options.method, options.url]).toEqual(['POST', BATCH_UPLOAD_PATH]);
    expect(BATCH_UPLOAD_PATH).toBe('/api/cmt/manager/plugins/upload');
    expect((options.form.get('file') as File).name).toBe('catalogue.json');
    expect(options.form.get('batch_id')).toBe(BATCH);
    expect([...options.form.keys()]).toEqual(['batch_id', 'file']);
    expect(screen.getByTestId('batch-live-notice').textContent).toBe(
      'Batch imports go live at once, without review. You can delete the plugins of one upload afterwards.',
    );

    act(() => options.onProgress!(0.42));
    expect((screen.getByLabelText('Upload progress') as HTMLProgressElement).value).toBe(42);
    expect(screen.getByRole('status').textContent).toBe('Uploading… 42 %');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();

    await act(async () =>
      resolve({
        ok: true,
        status: 200,
        data: result({
          failed: [
            { file: 'catalogue.json', index: 0, reason: 'name is missing' },
            { file: 'more/b.json', index: 4, reason: 'manifest is not valid JSON' },
          ],
        }),
      }),
    );
    const box = await screen.findByTestId('batch-result');
    const counts = [...box.querySelectorAll('.batch-counts > div')].map((d) => [
      d.querySelector('dt')!.textContent,
      d.querySelector('dd')!.textContent,
    ]);
    expect(counts).toEqual([
      ['Added', '3'],
      ['Skipped', '1'],
      ['Translations', '2'],
    ]);
    const failed = within(screen.getByTestId('batch-failed')).getAllByRole('listitem');
    expect(failed.map((li) => li.textContent)).toEqual([
      'Plugin parsing failed catalogue.json #1name is missing',
      'Plugin parsing failed more/b.json #5manifest is not valid JSON',
    ]);
    expect(screen.queryByLabelText('Upload progress')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('after a Cancel says truthfully what the server had imported, and offers to delete it', async () => {
    const net = batchServer(1500);
    const send = fakeSend();
    renderView(send.send, net, true);
    choose(new File(['PK'], 'plugins.zip', { type: 'application/zip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(send.calls).toHaveLength(1));
    const signal = send.calls[0]!.options.signal!;
    act(() => send.calls[0]!.options.onProgress!(1));
    expect(signal.aborted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signal.aborted).toBe(true);
    const box = await screen.findByTestId('batch-cancelled');
    expect(box.textContent).toContain('Upload cancelled');
    await waitFor(() =>
      expect(screen.getByTestId('batch-cancelled-detail').textContent).toBe(
        'The file had already been sent: the server imported 1500 plugins of it before the cancel.',
      ),
    );
    expect(box.textContent).not.toContain('were not imported');
    expect(net.requests.at(-1)!.url.searchParams.get('batch_id')).toBe(BATCH);
    expect(screen.queryByTestId('batch-result')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the 1500 plugins of this upload' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the plugins of this upload?' });
    expect(dialog.textContent).toContain('The 1500 plugins this upload imported are deleted');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(toastTexts()).toContain('1500 plugins deleted.'));
    const sent = net.requests.find((r) => r.method === 'DELETE')!;
    expect(sent.url.pathname).toBe('/api/cmt/manager/plugins/batch');
    expect(sent.json).toEqual({ batch_id: BATCH });
    expect(screen.queryByRole('button', { name: /Delete the/ })).toBeNull();
  });

  it('after a Cancel before anything went in says that nothing was imported', async () => {
    const send = fakeSend();
    renderView(send.send, batchServer(0));
    choose(jsonFile());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(send.calls).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByTestId('batch-cancelled-detail').textContent).toBe(
        'Nothing of this file was imported.',
      ),
    );
    expect(screen.queryByRole('button', { name: /Delete the/ })).toBeNull();
  });

  it('lists the unread files of a ZIP and offers to delete the plugins the upload added', async () => {
    const send = fakeSend();
    renderView(send.send);
    choose(new File(['PK'], 'plugins.zip', { type: 'application/zip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(send.calls).toHaveLength(1));
    await act(async () =>
      send.calls[0]!.resolve({
        ok: true,
        status: 200,
        data: result({
          rejected_files: [{ file: 'broken.json', reason: 'broken.json is not a JSON file (UTF-8)' }],
        }),
      }),
    );
    const files = within(await screen.findByTestId('batch-rejected-files')).getAllByRole('listitem');
    expect(files.map((li) => li.textContent)).toEqual(['broken.jsonbroken.json is not a JSON file (UTF-8)']);
    expect(screen.getByRole('button', { name: 'Delete the 3 plugins of this upload' })).toBeTruthy();
  });

  it('shows a rejected file (400 UPLOAD_REJECTED) and a file too large (413) as an alert', async () => {
    const net = fakeSend();
    renderView(net.send);
    choose(jsonFile());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(net.calls).toHaveLength(1));
    await act(async () =>
      net.calls[0]!.resolve({
        ok: false,
        status: 400,
        cancelled: false,
        envelope: { code: 40000, error: 'UPLOAD_REJECTED', message: 'not a catalogue', data: null },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The file was rejected: not a catalogue');

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(net.calls).toHaveLength(2));
    await act(async () =>
      net.calls[1]!.resolve({
        ok: false,
        status: 413,
        cancelled: false,
        envelope: { code: 41300, error: 'PAYLOAD_TOO_LARGE', message: 'too large', data: null },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large for the server.');
  });

  it("says '插件解析失败' (SPEC §8) for a failed record in zh-CN", async () => {
    await act(() => setLanguage('zh-CN', { persist: false }));
    try {
      render(<BatchResult data={result({ failed: [{ file: 'a.json', index: 2, reason: '缺少名称' }] })} />);
      const item = within(screen.getByTestId('batch-failed')).getByRole('listitem');
      expect(item.textContent).toBe('插件解析失败 a.json #3缺少名称');
      expect(screen.getByText('新增')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en-US', { persist: false }));
    }
  });
});
