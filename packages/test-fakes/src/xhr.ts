/**
 * A fake `XMLHttpRequest` for uploads with progress (`createApiClient({ createXhr })`): records what
 * was sent; the test drives the upload progress and the answer.
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** Answers with `status` and `body` (JSON unless a string). */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

/** A {@link FakeXhr} and the `createXhr` option that hands it out (the last one created is `xhr`). */
export function fakeXhr() {
  const all: FakeXhr[] = [];
  return {
    get xhr() {
      return all[all.length - 1] as FakeXhr;
    },
    all,
    createXhr: () => {
      const x = new FakeXhr();
      all.push(x);
      return x as unknown as XMLHttpRequest;
    },
  };
}
