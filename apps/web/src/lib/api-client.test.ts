import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { ApiError, api, errorMessageFor, refreshSession, restoreSession, setUnauthenticatedHandler } from './api-client';
import { authStore } from './auth-store';

afterEach(() => setUnauthenticatedHandler(null));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('error messages (spec §8)', () => {
  it('takes detail, then message, then error', () => {
    expect(errorMessageFor(400, 'Bad Request', { detail: 'From detail', message: 'm', error: 'e' })).toBe('From detail');
    expect(errorMessageFor(400, 'Bad Request', { message: 'From message', error: 'e' })).toBe('From message');
    expect(errorMessageFor(400, 'Bad Request', { error: 'From error' })).toBe('From error');
  });

  it('joins a list of validation details', () => {
    expect(errorMessageFor(422, '', { detail: [{ msg: 'field required' }, { msg: 'too short' }] })).toBe(
      'field required, too short',
    );
  });

  it("falls back to 'HTTP {status}: {text}'", () => {
    expect(errorMessageFor(500, 'Internal Server Error', null)).toBe('HTTP 500: Internal Server Error');
    expect(errorMessageFor(503, 'Service Unavailable', { detail: '' })).toBe('HTTP 503: Service Unavailable');
    // HTTP/2 has no status text: a short plain-text body stands in, an HTML page does not.
    expect(errorMessageFor(502, '', 'upstream timed out')).toBe('HTTP 502: upstream timed out');
    expect(errorMessageFor(502, '', '<html><body>Bad gateway</body></html>')).toBe('HTTP 502: Request failed');
  });
});

describe('api client', () => {
  it('calls /api/v1 with JSON, the bearer token and credentials', async () => {
    authStore.setSession(makeSession({}, 'token-abc'));
    const mock = mockApi({ 'PUT /api/v1/users/me': ({ body }) => json(200, makeUser(body as object)) });

    const user = await api.put<{ first_name: string }>('/users/me', { first_name: 'Grace' });

    expect(user.first_name).toBe('Grace');
    const [request] = mock.requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer token-abc');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.credentials).toBe('include');
  });

  it('sends no Authorization header without a session, and reads 204 as nothing', async () => {
    authStore.clear();
    const mock = mockApi({ 'POST /api/v1/auth/logout': () => new Response(null, { status: 204 }) });

    await expect(api.post('/auth/logout')).resolves.toBeNull();
    expect(mock.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('exposes status, code and per-field errors of a failure', async () => {
    mockApi({
      'POST /api/v1/auth/register': () =>
        json(422, {
          detail: 'Validation failed',
          code: 'VALIDATION_ERROR',
          errors: [{ field: 'email', message: 'Email is required' }],
        }),
    });

    const error = await failure(api.post('/auth/register', {}));

    expect(error.message).toBe('Validation failed');
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors).toEqual([{ field: 'email', message: 'Email is required' }]);
  });

  it('uses the plain-text body of a non-JSON error', async () => {
    mockApi({ 'GET /api/v1/health': () => new Response('Service Unavailable', { status: 503, statusText: '' }) });
    expect((await failure(api.get('/health'))).message).toBe('HTTP 503: Service Unavailable');
  });

  it('reports a server it cannot reach with the spec §8 network text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await failure(api.get('/health'));

    expect(error.status).toBe(0);
    expect(error.message).toBe(
      `Network error: Cannot connect to ${window.location.origin}. Please ensure the backend server is running.`,
    );
  });

  it('refreshes once after a 401 and retries with the new token', async () => {
    authStore.setSession(makeSession({}, 'expired-token'));
    const mock = mockApi({
      'GET /api/v1/users/me': ({ headers }) =>
        headers.get('Authorization') === 'Bearer fresh-token'
          ? json(200, makeUser({ first_name: 'Fresh' }))
          : json(401, { detail: 'Token expired', code: 'UNAUTHORIZED' }),
      'POST /api/v1/auth/refresh': () => json(200, makeSession({}, 'fresh-token')),
    });

    const user = await api.get<{ first_name: string }>('/users/me');

    expect(user.first_name).toBe('Fresh');
    expect(mock.calls('POST /api/v1/auth/refresh')).toHaveLength(1);
    expect(mock.calls('GET /api/v1/users/me')).toHaveLength(2);
    expect(authStore.getState().accessToken).toBe('fresh-token');
  });

  it('signs out and hands over to the login redirect when the refresh fails', async () => {
    authStore.setSession(makeSession({}, 'expired-token'));
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    const mock = mockApi({ 'GET /api/v1/users/me': () => json(401, { detail: 'Token expired', code: 'UNAUTHORIZED' }) });

    const error = await failure(api.get('/users/me'));

    expect(error.status).toBe(401);
    expect(authStore.getState().status).toBe('anonymous');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(mock.calls('GET /api/v1/users/me')).toHaveLength(1);
  });

  it('signs out when the retried call is still refused', async () => {
    authStore.setSession(makeSession({}, 'old'));
    setUnauthenticatedHandler(() => {});
    const mock = mockApi({
      'GET /api/v1/users/me': () => json(401, { detail: 'Account disabled', code: 'UNAUTHORIZED' }),
      'POST /api/v1/auth/refresh': () => json(200, makeSession({}, 'new')),
    });

    expect((await failure(api.get('/users/me'))).message).toBe('Account disabled');
    expect(mock.calls('GET /api/v1/users/me')).toHaveLength(2);
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('keeps the user signed in when the refresh is only refused for now (rate limit, server trouble)', async () => {
    authStore.setSession(makeSession({}, 'expired-token'));
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    mockApi({
      'GET /api/v1/users/me': () => json(401, { detail: 'Token expired', code: 'UNAUTHORIZED' }),
      'POST /api/v1/auth/refresh': () =>
        json(429, { detail: 'Too many requests. Please wait 1 minute and try again.', code: 'RATE_LIMITED' }),
    });

    expect((await failure(api.get('/users/me'))).status).toBe(401);
    expect(authStore.getState().status).toBe('authenticated');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('never refreshes for a 401 from an auth route (a wrong current password is not an expired session)', async () => {
    authStore.setSession(makeSession());
    const mock = mockApi({
      'POST /api/v1/auth/change-password': () => json(401, { detail: 'Current password is incorrect', code: 'UNAUTHORIZED' }),
    });

    expect((await failure(api.post('/auth/change-password', {}))).message).toBe('Current password is incorrect');
    expect(mock.calls('POST /api/v1/auth/refresh')).toHaveLength(0);
    expect(authStore.getState().status).toBe('authenticated');
  });

  it('shares one refresh between concurrent callers (refresh tokens rotate)', async () => {
    const mock = mockApi({ 'POST /api/v1/auth/refresh': () => json(200, makeSession()) });

    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);

    expect(results).toEqual([true, true, true]);
    expect(mock.calls('POST /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('restores the session from the refresh cookie on start, or becomes anonymous', async () => {
    mockApi({ 'POST /api/v1/auth/refresh': () => json(200, makeSession({ first_name: 'Restored' })) });
    await restoreSession();
    expect(authStore.getState().user?.first_name).toBe('Restored');

    authStore.reset();
    mockApi();
    await restoreSession();
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('tries the restore once more when the server could not answer, instead of signing out', async () => {
    let calls = 0;
    mockApi({
      'POST /api/v1/auth/refresh': () => {
        calls += 1;
        return calls === 1
          ? json(429, { detail: 'Too many requests. Please wait 1 second and try again.', code: 'RATE_LIMITED' })
          : json(200, makeSession({ first_name: 'Patient' }));
      },
    });
    await restoreSession();
    expect(calls).toBe(2);
    expect(authStore.getState().user?.first_name).toBe('Patient');
  });
});

describe('api client extras', () => {
  it('sends extra headers such as Idempotency-Key', async () => {
    authStore.setSession(makeSession());
    const mock = mockApi({ 'POST /api/v1/orders/checkout': () => json(201, { order_id: 'o1' }) });
    await api.post('/orders/checkout', undefined, { headers: { 'Idempotency-Key': 'key-1' } });
    expect(mock.requests[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(mock.requests[0]?.headers.get('Authorization')).toBe('Bearer access-token-1');
  });

  it('reads a file as a Blob, and a failed one as an ApiError', async () => {
    authStore.setSession(makeSession());
    mockApi({
      'GET /api/v1/orders/o1/download-zip': () => new Response(new Uint8Array([0x50, 0x4b, 3, 4])),
      'GET /api/v1/orders/o2/download-zip': () => json(404, { detail: 'Order not found', code: 'NOT_FOUND' }),
    });
    const blob = await api.blob('/orders/o1/download-zip');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const error = await failure(api.blob('/orders/o2/download-zip'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Order not found');
  });
});
