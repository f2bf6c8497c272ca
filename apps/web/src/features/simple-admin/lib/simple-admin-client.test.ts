import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { getSimpleAdminProducts } from '../api/get-simple-admin-products';

const query = { skip: 0, limit: 10, status: '' as const };

async function failureFor(response: () => Response): Promise<ApiError> {
  authStore.setSession(makeSession({ role: 'simple_admin' }));
  mockApi({ 'GET /api/v1/simple-admin/products': response });
  const error = await getSimpleAdminProducts(query).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('simple-admin client errors (spec §8)', () => {
  it.each([
    [403, { detail: 'Simple admin access required', code: 'FORBIDDEN' }, 'Access denied - insufficient permissions'],
    [404, { detail: 'Product not found', code: 'NOT_FOUND' }, 'Resource not found'],
    [413, { detail: 'Payload too large', code: 'PAYLOAD_TOO_LARGE' }, 'Files too large - reduce file sizes'],
    [422, { detail: 'limit must be 1 or more', code: 'VALIDATION_FAILED' }, 'Validation error: limit must be 1 or more'],
    [500, { detail: 'Internal Server Error', code: 'INTERNAL' }, 'Server error - please try again'],
  ])('maps %i to its text and keeps status and body', async (status, body, text) => {
    const error = await failureFor(() => json(status, body));
    expect(error.message).toBe(text);
    expect(error.status).toBe(status);
    expect(error.body).toEqual(body);
  });

  it('calls an answer it cannot read an invalid response format', async () => {
    const html = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    expect((await failureFor(html)).message).toBe('Invalid response format');
    const text = () => new Response('all good', { status: 200, headers: { 'content-type': 'text/plain' } });
    expect((await failureFor(text)).message).toBe('Invalid response format');
  });

  it('signs out on a 401 the refresh cannot fix', async () => {
    const error = await failureFor(() => json(401, { detail: 'Token expired', code: 'UNAUTHORIZED' }));
    expect(error.message).toBe('Authentication failed - please login again');
    expect(authStore.getState().status).toBe('anonymous');
  });
});
