import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startTestS3 } from '../../../test/s3';
import { createDatabase } from '../../db/client';

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

describe('health for load balancers', () => {
  it('reports the process live, and the instance ready once started and while its database answers', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'not checked' });
  });

  it('is not ready while starting or draining, and stays live', async () => {
    const app = await createTestApp();
    try {
      for (const [phase, detail] of [
        ['starting', 'Starting up'],
        ['draining', 'Shutting down'],
      ] as const) {
        app.app.lifecycle.phase = phase;
        const ready = await app.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail });
        expect((await app.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('is not ready when the file storage offers a check and it fails', async () => {
    const app = await createTestApp();
    const { storage } = app.deps;
    try {
      storage.check = async () => {};
      const ready = await app.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
      storage.check = async () => {
        throw new Error('bucket unreachable');
      };
      const down = await app.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'File storage unavailable' });
    } finally {
      delete storage.check;
      await app.close();
    }
  });

  it('checks the bucket when files are kept in S3, and is not ready once it stops answering', async () => {
    const s3 = await startTestS3();
    const app = await createTestApp(s3.env);
    let s3Closed = false;
    try {
      const ready = await app.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
      await s3.close();
      s3Closed = true;
      const started = Date.now();
      const down = await app.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'File storage unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      if (!s3Closed) await s3.close();
    }
  });

  it('is not ready when PostgreSQL refuses or does not answer, and stays live', async () => {
    const app = await createTestApp();
    const real = app.deps.db;
    // A server that takes the connection and never says a word: the check gives up instead of hanging.
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;
    const pools = [
      createDatabase('postgresql://nobody@127.0.0.1:1/nothing', 1),
      createDatabase(`postgresql://nobody@127.0.0.1:${silentPort}/nothing`, 1),
    ];
    try {
      for (const db of pools) {
        app.deps.db = db;
        const started = Date.now();
        const ready = await app.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'Database unavailable' });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect((await app.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
      }
    } finally {
      app.deps.db = real;
      for (const socket of held) socket.destroy();
      silent.close();
      await Promise.all(pools.map((db) => db.$client.end().catch(() => {})));
      await app.close();
    }
  });
});
