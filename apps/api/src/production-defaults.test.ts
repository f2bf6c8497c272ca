import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../test/helpers';
import { ConfigError, loadConfig } from './config';

/** A production install never ships demo accounts, open metrics or debug routes. */

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(40),
  METRICS_TOKEN: 'metrics-token-0123456789abcdef',
  PAYOUT_ENCRYPTION_KEY: 'cd'.repeat(32),
};

describe('production configuration', () => {
  it('never seeds demo data, and refuses SEED_DEMO=true with a clear message', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgresql://db.internal/shop' }).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo accounts have public passwords and are never seeded in production/,
    );
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('requires METRICS_TOKEN', () => {
    const { METRICS_TOKEN: _unset, ...withoutToken } = PRODUCTION;
    expect(() => loadConfig(withoutToken)).toThrow(ConfigError);
    expect(() => loadConfig(withoutToken)).toThrow(/METRICS_TOKEN: required in production/);
  });
});

describe('a production app', () => {
  let prod: TestApp;
  let dev: TestApp;
  beforeAll(async () => {
    prod = await createTestApp(PRODUCTION);
    dev = await createTestApp();
  });
  afterAll(async () => {
    await prod.close();
    await dev.close();
  });

  it('serves /metrics only with the bearer token, even to loopback callers', async () => {
    const metrics = (headers: Record<string, string> = {}) => prod.app.inject({ method: 'GET', url: '/metrics', headers });
    expect((await metrics()).statusCode).toBe(403);
    expect((await metrics(bearer('wrong-token'))).statusCode).toBe(403);
    const allowed = await metrics(bearer(PRODUCTION.METRICS_TOKEN));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds');
  });

  it('has no debug routes, even for admins; outside production they exist for admins only', async () => {
    const url = '/api/v1/products/debug/count';
    const prodAdmin = await createUser(prod.db, 'admin');
    const prodToken = await signIn(prod.app, prodAdmin.email, 'Factory-pass-2026');
    expect((await prod.app.inject({ method: 'GET', url, headers: bearer(prodToken) })).statusCode).toBe(404);
    expect(prod.app.printRoutes()).not.toContain('debug');

    const devAdmin = await createUser(dev.db, 'admin');
    const devBuyer = await createUser(dev.db, 'buyer');
    const devAdminToken = await signIn(dev.app, devAdmin.email, 'Factory-pass-2026');
    const devBuyerToken = await signIn(dev.app, devBuyer.email, 'Factory-pass-2026');
    expect((await dev.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await dev.app.inject({ method: 'GET', url, headers: bearer(devBuyerToken) })).statusCode).toBe(403);
    expect((await dev.app.inject({ method: 'GET', url, headers: bearer(devAdminToken) })).statusCode).toBe(200);
  });
});
