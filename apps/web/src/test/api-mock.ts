import { vi } from 'vitest';

/** Test doubles at the network boundary only: `fetch` answers from a table of `METHOD /path` handlers. */
export interface MockRequest {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

/** The server answers for a visitor with no session and no Google configured, unless a test says otherwise. */
const defaults: Record<string, MockHandler> = {
  'POST /api/v1/auth/refresh': () => json(401, { detail: 'Not authenticated', code: 'UNAUTHORIZED' }),
  'GET /api/v1/auth/providers': () => json(200, { google_client_id: null }),
};

export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const table = { ...defaults, ...handlers };
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      window.location.origin,
    );
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body ?? null;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const request: MockRequest = {
      method,
      path: url.pathname,
      url: url.href,
      headers: new Headers(init.headers),
      body,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = table[`${method} ${url.pathname}`];
    if (!handler) {
      console.error(`Unmocked request: ${method} ${url.pathname}`);
      return json(501, { detail: 'Not mocked', code: 'NOT_MOCKED' });
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Requests to one `METHOD /path`. */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
