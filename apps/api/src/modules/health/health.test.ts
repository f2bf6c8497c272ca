import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('reports the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'postgres', embedded: inject('testDatabase').embedded });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/v1/auth/register');
  });
});

describe('metrics', () => {
  it('serves Prometheus metrics to loopback callers only (or with the token)', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('http_request_duration_seconds_bucket');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    const withToken = await createTestApp({ METRICS_TOKEN: 'metrics-secret' });
    try {
      expect((await withToken.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
      expect(
        (await withToken.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-secret' } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await withToken.close();
    }
  });
});
