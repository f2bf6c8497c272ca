/**
 * A stand-in for XMLHttpRequest (uploads use it for progress events) that sends through the
 * global `fetch`, so `mockApi`'s table answers XHR uploads too. It reports half the body sent
 * at once and the rest when the server has answered, so a test can see the bar mid-way.
 */
type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

export class FetchBackedXhr {
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders = new Headers();
  private aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    void (async () => {
      try {
        const response = await fetch(this.url, {
          method: this.method,
          headers: this.headers,
          body: body as BodyInit | null | undefined,
          credentials: this.withCredentials ? 'include' : 'same-origin',
        });
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 });
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        if (!this.aborted) this.onerror?.();
      }
    })();
  }
}
