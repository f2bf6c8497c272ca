// @database-server: upserts with expiry arithmetic (INSERT … ON CONFLICT)
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { buildApp } from '../app';
import { postgresRateLimitStore } from './rate-limit-store';

function forgotPassword(app: FastifyInstance) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: 'nobody@example.org' } });
}

/** Two server instances on one database, as behind a load balancer, with a sign-in limit of 3 a minute. */
async function twoInstances(store: 'postgres' | 'memory') {
  const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_STORE: store });
  const second = await buildApp(t.deps, { logger: false });
  await second.ready();
  return {
    t,
    instances: [t.app, second],
    async close() {
      await second.close();
      await t.close();
    },
  };
}

describe('rate limits across server instances', () => {
  it('count every instance’s requests together when kept in PostgreSQL', async () => {
    const { instances, close } = await twoInstances('postgres');
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 6; n += 1) statuses.push((await forgotPassword(instances[n % 2] as FastifyInstance)).statusCode);
      expect(statuses.slice(0, 3).every((status) => status < 400)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429, 429]);
      const refused = await forgotPassword(instances[0] as FastifyInstance);
      expect(refused.json().detail).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
    } finally {
      await close();
    }
  });

  it('let each instance allow the full limit when kept in memory (one instance only)', async () => {
    const { instances, close } = await twoInstances('memory');
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 6; n += 1) statuses.push((await forgotPassword(instances[n % 2] as FastifyInstance)).statusCode);
      expect(statuses.every((status) => status < 400)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('the PostgreSQL rate-limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const storeFor = (url: string) => {
    const Store = postgresRateLimitStore(t.db);
    return new Store().child({ routeInfo: { method: 'POST', url } } as never);
  };
  const incr = (store: ReturnType<typeof storeFor>, key: string, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, 10),
    );

  it('counts atomically under concurrency, per route and per key, within the window', async () => {
    const login = storeFor('/login');
    const counts = await Promise.all(Array.from({ length: 25 }, () => incr(login, '10.0.0.1')));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n + 1));
    expect(counts.every((count) => count.ttl > 0 && count.ttl <= 60_000)).toBe(true);
    // Another address, and the same address on another route, start from one.
    expect((await incr(login, '10.0.0.2')).current).toBe(1);
    expect((await incr(storeFor('/register'), '10.0.0.1')).current).toBe(1);
  });

  it('starts a new window once the old one has passed, and sweeps expired windows away', async () => {
    const store = storeFor('/reset');
    for (let n = 0; n < 3; n += 1) await incr(store, '10.0.0.3');
    await t.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second' where key like '%/reset|%'`);
    expect((await incr(store, '10.0.0.3')).current).toBe(1);

    await t.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'`);
    // A fresh store sweeps on its first count.
    await incr(storeFor('/other'), '10.0.0.4');
    const left = await t.db.execute<{ key: string }>(sql`select key from rate_limit_hits`);
    expect(left.rows.map((row) => row.key)).toEqual(['POST /other|10.0.0.4']);
  });
});
