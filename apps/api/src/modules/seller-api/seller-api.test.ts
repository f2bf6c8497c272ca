// @database-server: seller API tokens through the real auth guard
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAndPay, createProduct, type SignedInUser, signedInUser } from '../../../test/factories';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers';
import { sellerApiTokens } from '../../db/schema';

/**
 * Issue 25, "a seller API": a seller makes a read-only token with scopes, sees it once, and an
 * integration reads the seller's own products, sales and licence keys with it — nothing else.
 */

let t: TestApp;
let ana: SignedInUser;
let ben: SignedInUser;
let anaProduct: { id: string; title: string };
let benProduct: { id: string; title: string };

const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

async function createToken(seller: SignedInUser, scopes: string[], name = 'Zapier') {
  const answer = await seller.call('POST', '/seller/api-tokens', { name, scopes });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { token: string; api_token: { id: string; prefix: string; scopes: string[] } };
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await signedInUser(t, 'seller', { firstName: 'Ana', lastName: 'Berg' });
  ben = await signedInUser(t, 'seller', { firstName: 'Ben', lastName: 'Hale' });
  anaProduct = await createProduct(t.db, ana.user, { title: 'Ana Prompt Kit', priceCents: 1500 });
  benProduct = await createProduct(t.db, ben.user, { title: 'Ben Vision Pack', priceCents: 2500 });
  // Both sell a product with licence keys, and a buyer buys both.
  for (const [seller, product] of [
    [ana, anaProduct],
    [ben, benProduct],
  ] as const) {
    const on = await seller.call('PUT', `/seller/products/${product.id}/license-settings`, {
      enabled: true,
      activation_limit: 2,
    });
    expect(on.statusCode, on.body).toBe(200);
  }
  const buyer = await signedInUser(t, 'buyer');
  for (const product of [anaProduct, benProduct]) {
    expect((await buyer.call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
  }
  await checkoutAndPay(buyer.call);
});
afterAll(async () => {
  await t.close();
});

describe('creating, listing and revoking tokens', () => {
  it('shows a new token once, with a recognisable prefix, and keeps only its SHA-256', async () => {
    const created = await createToken(ana, ['products:read']);
    expect(created.token).toMatch(/^mkt_sk_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.api_token.prefix)).toBe(true);
    const rows = await t.db.select().from(sellerApiTokens);
    expect(rows.some((row) => row.tokenHash.includes(created.token) || row.prefix === created.token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    const list = (await ana.call('GET', '/seller/api-tokens')).json();
    const entry = list.tokens.find((row: { id: string }) => row.id === created.api_token.id);
    expect(entry).toMatchObject({
      name: 'Zapier',
      prefix: created.api_token.prefix,
      scopes: ['products:read'],
      last_used_at: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses a token without a name or with an unknown scope (422), and buyers (403) and strangers (401)', async () => {
    expect((await ana.call('POST', '/seller/api-tokens', { name: ' ', scopes: ['products:read'] })).json().detail).toBe(
      'Give the token a name',
    );
    const unknown = await ana.call('POST', '/seller/api-tokens', { name: 'x', scopes: ['products:write'] });
    expect(unknown.statusCode).toBe(422);
    expect((await ana.call('POST', '/seller/api-tokens', { name: 'x', scopes: [] })).statusCode).toBe(422);
    const buyer = await signedInUser(t, 'buyer');
    expect((await buyer.call('POST', '/seller/api-tokens', { name: 'x', scopes: ['products:read'] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/seller/api-tokens' })).statusCode).toBe(401);
  });

  it('revokes a token: it answers 401 at once and leaves the list; another seller cannot revoke it', async () => {
    const created = await createToken(ana, ['products:read']);
    expect((await withToken(created.token, 'GET', '/seller/products')).statusCode).toBe(200);
    expect((await ben.call('DELETE', `/seller/api-tokens/${created.api_token.id}`)).statusCode).toBe(404);
    expect((await withToken(created.token, 'GET', '/seller/products')).statusCode).toBe(200);
    expect((await ana.call('DELETE', `/seller/api-tokens/${created.api_token.id}`)).statusCode).toBe(200);
    const after = await withToken(created.token, 'GET', '/seller/products');
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('This API token is unknown or has been revoked');
    expect((await ana.call('DELETE', `/seller/api-tokens/${created.api_token.id}`)).statusCode).toBe(404);
    const list = (await ana.call('GET', '/seller/api-tokens')).json();
    expect(list.tokens.map((row: { id: string }) => row.id)).not.toContain(created.api_token.id);
  });

  it('answers 401 to an unknown token with the prefix', async () => {
    const answer = await withToken(`mkt_sk_${'A'.repeat(43)}`, 'GET', '/seller/products');
    expect(answer.statusCode).toBe(401);
  });
});

describe('what a token reads', () => {
  it('reads the seller’s own products, sales and licence keys with the matching scopes, and records its last use', async () => {
    const { token, api_token } = await createToken(ana, ['products:read', 'sales:read', 'licenses:read']);
    const products = await withToken(token, 'GET', '/seller/products');
    expect(products.statusCode).toBe(200);
    expect(products.json().products.map((p: { title: string }) => p.title)).toEqual(['Ana Prompt Kit']);
    expect((await withToken(token, 'GET', `/seller/products/${anaProduct.id}`)).statusCode).toBe(200);
    const stats = await withToken(token, 'GET', '/seller/dashboard/stats');
    expect(stats.statusCode).toBe(200);
    expect((await withToken(token, 'GET', '/seller/dashboard/sales?days=7')).statusCode).toBe(200);
    const sales = await withToken(token, 'GET', '/seller/sales');
    expect(sales.statusCode).toBe(200);
    expect(sales.json()).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(sales.json().sales[0]).toMatchObject({ kind: 'sale', items: [{ title: 'Ana Prompt Kit', quantity: 1 }] });
    // Her share, after the platform fee and the AI pool: less than the $15 price.
    expect(sales.json().sales[0].amount).toBeGreaterThan(0);
    expect(sales.json().sales[0].amount).toBeLessThan(15);
    const keys = await withToken(token, 'GET', '/seller/licenses');
    expect(keys.statusCode).toBe(200);
    expect(keys.json().licenses.map((k: { product_title: string }) => k.product_title)).toEqual(['Ana Prompt Kit']);
    const listed = (await ana.call('GET', '/seller/api-tokens'))
      .json()
      .tokens.find((row: { id: string }) => row.id === api_token.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('never reads another seller’s data: seller A’s token sees none of seller B’s products or keys', async () => {
    const { token } = await createToken(ana, ['products:read', 'sales:read', 'licenses:read']);
    const own = await withToken(token, 'GET', `/seller/products/${benProduct.id}`);
    expect(own.statusCode).toBe(404);
    const listed = JSON.stringify((await withToken(token, 'GET', '/seller/products?query=Vision')).json());
    expect(listed).not.toContain('Ben Vision Pack');
    const keys = await withToken(token, 'GET', `/seller/licenses?product_id=${benProduct.id}`);
    expect(keys.statusCode === 404 || keys.json().licenses.length === 0).toBe(true);
    expect(JSON.stringify(keys.json())).not.toContain('Ben Vision Pack');
    // The order held both sellers' products: Ana's list shows only her line.
    expect(JSON.stringify((await withToken(token, 'GET', '/seller/sales')).json())).not.toContain('Ben Vision Pack');
  });

  it('answers 403 when the token lacks the route’s scope', async () => {
    const { token } = await createToken(ana, ['products:read']);
    const sales = await withToken(token, 'GET', '/seller/dashboard/stats');
    expect(sales.statusCode).toBe(403);
    expect(sales.json().detail).toBe('This API token lacks the sales:read scope');
    expect((await withToken(token, 'GET', '/seller/licenses')).statusCode).toBe(403);
    expect((await withToken(token, 'GET', '/seller/sales')).statusCode).toBe(403);
  });

  it('writes nothing and reaches no other route: writes, token management, buyer and admin routes all answer 403', async () => {
    const { token } = await createToken(ana, ['products:read', 'sales:read', 'licenses:read']);
    const refused = [
      await withToken(token, 'PUT', `/seller/products/${anaProduct.id}/license-settings`, {
        enabled: false,
        activation_limit: null,
      }),
      await withToken(token, 'DELETE', `/seller/products/${anaProduct.id}`),
      await withToken(token, 'POST', '/seller/api-tokens', { name: 'more', scopes: ['products:read'] }),
      await withToken(token, 'GET', '/seller/api-tokens'),
      await withToken(token, 'GET', '/seller/webhooks'),
      await withToken(token, 'GET', '/users/me'),
      await withToken(token, 'GET', '/orders'),
      await withToken(token, 'GET', '/admin/users'),
      await withToken(token, 'GET', `/seller/products/${anaProduct.id}/license-settings`),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual(refused.map(() => 403));
    expect(refused[0]?.json().detail).toBe('API tokens can only read products, sales and licence keys');
    // Nothing changed: the product still issues keys.
    const settings = (await ana.call('GET', `/seller/products/${anaProduct.id}/license-settings`)).json();
    expect(settings.enabled).toBe(true);
  });

  it('says in the API reference which routes take a token, and with which scope', async () => {
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(document.paths['/api/v1/seller/products'].get.description).toContain('with the products:read scope is accepted too');
    expect(document.paths['/api/v1/seller/licenses'].get.description).toContain('with the licenses:read scope');
    expect(document.paths['/api/v1/seller/dashboard/stats'].get.description).toContain('with the sales:read scope');
    expect(document.paths['/api/v1/seller/api-tokens'].get.description).not.toContain('API token (mkt_sk_');
  });

  it('is never worth more than no token at all, on every route of the API, except the six read routes it is for', async () => {
    const { token } = await createToken(ana, ['products:read', 'sales:read', 'licenses:read']);
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const admitted = new Set([
      'GET /api/v1/seller/products',
      'GET /api/v1/seller/products/{id}',
      'GET /api/v1/seller/dashboard/stats',
      'GET /api/v1/seller/dashboard/sales',
      'GET /api/v1/seller/licenses',
      'GET /api/v1/seller/sales',
    ]);
    const wrong: string[] = [];
    let guarded = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        const url = path.replace(/\{[^}]+\}/g, anaProduct.id);
        const send = (headers: Record<string, string>) => t.app.inject({ method: method.toUpperCase() as 'GET', url, headers });
        const anonymous = await send({});
        const withToken = await send(bearer(token));
        if (admitted.has(route)) {
          if (withToken.statusCode !== 200) wrong.push(`${route} → ${withToken.statusCode} (admitted)`);
        } else if ([401, 403].includes(anonymous.statusCode)) {
          guarded += 1;
          if (withToken.statusCode !== 403) wrong.push(`${route} → ${withToken.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(guarded).toBeGreaterThan(100);
  });

  it('stops working when the seller’s account is deactivated', async () => {
    const cleo = await signedInUser(t, 'seller', { firstName: 'Cleo', lastName: 'Ng' });
    const { token } = await createToken(cleo, ['products:read']);
    expect((await withToken(token, 'GET', '/seller/products')).statusCode).toBe(200);
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, cleo.user.id));
    expect((await withToken(token, 'GET', '/seller/products')).statusCode).toBe(401);
  });
});
