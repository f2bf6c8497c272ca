import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createPaidOrder, createProduct, createUser } from '../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../test/helpers';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink';
import { ConfigError, loadConfig } from './config';
import { sendReceipt } from './modules/orders/fulfil';

/** A production install never ships demo accounts, open metrics, debug routes or live links in its log. */

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(40),
  METRICS_TOKEN: 'metrics-token-0123456789abcdef',
  PAYOUT_ENCRYPTION_KEY: 'cd'.repeat(32),
  WEBHOOK_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
  SMTP_URL: 'smtp://127.0.0.1:2525',
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

  it('the seed command refuses to run', () => {
    const seed = spawnSync(
      process.execPath,
      ['--conditions=@app/source', '--import', 'tsx', path.resolve(__dirname, 'db/seed/cli.ts')],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...PRODUCTION }, encoding: 'utf8' },
    );
    expect(seed.status).toBe(2);
    expect(seed.stderr).toContain('Refusing to seed demo data with NODE_ENV=production.');
  });

  it('requires METRICS_TOKEN', () => {
    const { METRICS_TOKEN: _unset, ...withoutToken } = PRODUCTION;
    expect(() => loadConfig(withoutToken)).toThrow(ConfigError);
    expect(() => loadConfig(withoutToken)).toThrow(/METRICS_TOKEN: required in production/);
  });

  it('requires SMTP_URL: without it reset, confirmation and download links would only reach the log', () => {
    const { SMTP_URL: _unset, ...withoutSmtp } = PRODUCTION;
    expect(() => loadConfig(withoutSmtp)).toThrow(ConfigError);
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ ...withoutSmtp, SMTP_URL: '  ' })).toThrow(/SMTP_URL: required in production/);
  });

  it('requires WEBHOOK_SECRET_KEY: sellers’ signing secrets are never sealed with a derived key', () => {
    const { WEBHOOK_SECRET_KEY: _unset, ...withoutKey } = PRODUCTION;
    expect(() => loadConfig(withoutKey)).toThrow(ConfigError);
    expect(() => loadConfig(withoutKey)).toThrow(/WEBHOOK_SECRET_KEY: required in production/);
    // The previous key alone (read-only, for a rotation) is not enough.
    expect(() => loadConfig({ ...withoutKey, WEBHOOK_SECRET_KEY_PREVIOUS: PRODUCTION.WEBHOOK_SECRET_KEY })).toThrow(
      /WEBHOOK_SECRET_KEY: required in production/,
    );
  });

  it('names every missing setting at once', () => {
    const message = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const name of ['JWT_SECRET', 'METRICS_TOKEN', 'PAYOUT_ENCRYPTION_KEY', 'WEBHOOK_SECRET_KEY', 'SMTP_URL']) {
      expect(message).toContain(`${name}: required in production`);
    }
  });

  it('the server process refuses to start without SMTP_URL and says why', () => {
    const { SMTP_URL: _unset, ...withoutSmtp } = PRODUCTION;
    const server = spawnSync(
      process.execPath,
      ['--conditions=@app/source', '--import', 'tsx', path.resolve(__dirname, 'server.ts')],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...withoutSmtp }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(server.status).toBe(1);
    expect(server.stderr).toContain('SMTP_URL: required in production');
  });
});

describe('a production app', () => {
  let prod: TestApp;
  let dev: TestApp;
  let smtp: SmtpSink;
  const log: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpSink();
    prod = await createTestApp({ ...PRODUCTION, SMTP_URL: smtp.url }, { log: (line) => log.push(line) });
    dev = await createTestApp();
  });
  afterAll(async () => {
    await prod.close();
    await dev.close();
    await smtp.close();
  });

  it('mails reset, newsletter and download links over SMTP; its log only says which kind of mail went out', async () => {
    const buyer = await createUser(prod.db, 'buyer');
    const seller = await createUser(prod.db, 'seller');
    const reset = await prod.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: buyer.email } });
    expect(reset.statusCode).toBe(200);
    // The reset link is mailed once the answer has gone out.
    await prod.deps.afterReply.settled();
    const subscriber = 'letters.reader@example.org';
    const subscribed = await prod.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscribe',
      payload: { email: subscriber },
    });
    expect(subscribed.statusCode).toBe(202);
    const product = await createProduct(prod.db, seller, { title: 'Prompt Atlas', status: 'approved' });
    await addProductFile(prod.deps, product.id, 'atlas.txt', 'prompts');
    const order = await createPaidOrder(prod.db, buyer, product);
    await sendReceipt(prod.deps, order.id);

    // The links reach their readers, by mail.
    const mails = smtp.received.map((mail) => ({ to: mail.to, body: mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=') }));
    const linkIn = (to: string, pattern: RegExp) => mails.find((mail) => mail.to.includes(to) && pattern.test(mail.body));
    expect(linkIn(buyer.email, /\/reset-password\?token=[\w-]{20,}/)).toBeDefined();
    expect(linkIn(subscriber, /\/newsletter\/confirm\?token=[\w.-]{20,}/)).toBeDefined();
    expect(linkIn(buyer.email, /\/api\/v1\/downloads\/[\w.-]{20,}/)).toBeDefined();

    // The log says that mail went out, and nothing that could be used or that names anyone.
    const mailLines = log.filter((line) => line.startsWith('mail'));
    expect(mailLines).toEqual(['mail sent: password-reset', 'mail sent: newsletter', 'mail sent: receipt']);
    const everything = log.join('\n');
    for (const secret of ['http', 'token', '/downloads/', buyer.email, subscriber, 'Prompt Atlas', 'atlas.txt']) {
      expect(everything).not.toContain(secret);
    }
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
