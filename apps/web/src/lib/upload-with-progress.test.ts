import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { ApiError } from './api-client';
import { authStore } from './auth-store';
import { uploadWithProgress } from './upload-with-progress';

describe('uploadWithProgress', () => {
  it('reports progress and sends the bearer token', async () => {
    authStore.setSession(makeSession({}, 'token-a'));
    const api = mockApi({ 'POST /api/v1/seller/products': () => json(201, { message: 'ok' }) });
    const seen: number[] = [];
    await expect(
      uploadWithProgress('/seller/products', new FormData(), { onProgress: (fraction) => seen.push(fraction) }),
    ).resolves.toEqual({ message: 'ok' });
    expect(seen).toEqual([0.5, 1, 1]);
    expect(api.calls('POST /api/v1/seller/products')[0]?.headers.get('Authorization')).toBe('Bearer token-a');
  });

  it('refreshes an expired session once and sends the upload again', async () => {
    authStore.setSession(makeSession({}, 'old-token'));
    const api = mockApi({
      'POST /api/v1/auth/refresh': () => json(200, makeSession({}, 'new-token')),
      'PUT /api/v1/seller/products/p-1': ({ headers }) =>
        headers.get('Authorization') === 'Bearer new-token'
          ? json(200, { message: 'saved' })
          : json(401, { detail: 'Token expired', code: 'UNAUTHORIZED' }),
    });
    await expect(uploadWithProgress('/seller/products/p-1', new FormData(), { method: 'PUT' })).resolves.toEqual({
      message: 'saved',
    });
    expect(api.calls('PUT /api/v1/seller/products/p-1')).toHaveLength(2);
  });

  it('throws the API error with its field errors', async () => {
    authStore.setSession(makeSession());
    mockApi({
      'POST /api/v1/seller/products': () =>
        json(422, {
          detail: 'Title is required',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'title', message: 'Title is required' }],
        }),
    });
    const error = await uploadWithProgress('/seller/products', new FormData()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors).toEqual([{ field: 'title', message: 'Title is required' }]);
  });
});
