import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGE_CATALOGUE } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, type SignedInUser, signedInUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { renderOverlayPage } from './page';
import { guestCheckoutTakesBillingCountry } from './service';
import { standInForStripe } from './stripe-stand-in';

let t: TestApp;
let distDir: string;
let seller: SignedInUser;
let other: SignedInUser;
let productId: string;
let pwywId: string;

const inject = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const directives = (csp: string | undefined) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

beforeAll(async () => {
  // A built storefront, so the shop's own pages are served beside the overlay.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-buy-buttons-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>shop</title></head><body></body></html>');
  t = await createTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://shop.example.test' });
  seller = await signedInUser(t, 'seller');
  other = await signedInUser(t, 'seller');
  productId = (await createProduct(t.db, seller.user, { title: 'Prompt </script><b>kit</b>', priceCents: 1500 })).id;
  pwywId = (await createProduct(t.db, seller.user, { title: 'Name your price', priceCents: 300, pwywSuggestedCents: 900 })).id;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the buy button script', () => {
  it('is plain JavaScript any site may load, cached for a year at a URL whose bytes never change', async () => {
    const response = await inject('/embed/v1/buy.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Small, and no module syntax or framework: one classic script.
    expect(response.rawPayload.length).toBeLessThan(8_000);
    expect(response.body).not.toMatch(/^\s*(import|export)\s/m);
    // The snippet's integrity is the served bytes' sha384.
    const snippet = await seller.call('GET', `/buy-buttons/products/${productId}`);
    const digest = `sha384-${createHash('sha384').update(response.rawPayload).digest('base64')}`;
    expect(snippet.json().integrity).toBe(digest);
  });

  it('accepts messages only from the shop origin and its own frame', async () => {
    const body = (await inject('/embed/v1/buy.js')).body;
    expect(body).toContain('event.origin !== shop || event.source !== open.frame.contentWindow');
  });

  it('the overlay script is same-origin only (no CORS or cross-origin CORP)', async () => {
    const page = await inject(`/embed/checkout/${productId}`);
    const src = /<script src="([^"]+)"><\/script>/.exec(page.body)?.[1] as string;
    expect(src).toMatch(/^\/embed\/v1\/checkout\.js\?v=[0-9a-f]{12}$/);
    const response = await inject(src);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('framing', () => {
  it('lets any site frame the overlay page, with its own strict policy', async () => {
    const response = await inject(`/embed/checkout/${productId}?origin=https://seller.example&lang=de`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['frame-ancestors']).toBe('https: http:');
    expect(csp['default-src']).toBe("'none'");
    expect(csp['script-src']).toBe("'self'");
    expect(csp['style-src']).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['form-action']).toBe("'none'");
    // The test card processor needs nothing of Stripe's: no frames, no other origin.
    expect(csp['frame-src']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('stripe');
    expect(response.body).not.toContain('data-stripe-key');
    expect(response.headers['content-security-policy']).not.toContain('unsafe');
    // No inline script runs: the only executable script is the same-origin file.
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      ' type="application/json" id="embed-data"',
      expect.stringMatching(/^ src="\/embed\/v1\/checkout\.js/),
    ]);
    // The inline style is exactly the one the hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] as string;
    expect(`'sha256-${createHash('sha256').update(style).digest('base64')}'`).toBe(csp['style-src']);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('keeps refusing to be framed everywhere else', async () => {
    for (const url of ['/', `/products/${productId}`, '/cart', '/api/v1/products', '/embed/v1/buy.js']) {
      const response = await inject(url);
      expect(directives(response.headers['content-security-policy'] as string)['frame-ancestors'], url).toBe("'none'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('allows https framers only when the shop itself runs on https', async () => {
    const secure = await createTestApp({ COOKIE_SECURE: 'true', PUBLIC_URL: 'https://shop.example.test' });
    try {
      const product = await createProduct(secure.db, await createUser(secure.db, 'seller'));
      const response = await secure.app.inject({ method: 'GET', url: `/embed/checkout/${product.id}` });
      expect(directives(response.headers['content-security-policy'] as string)['frame-ancestors']).toBe('https:');
    } finally {
      await secure.close();
    }
  });
});

describe('the overlay page', () => {
  it('shows the product, escaped, and the fields of a guest purchase in the language asked for', async () => {
    const response = await inject(`/embed/checkout/${productId}?lang=fr&origin=https://seller.example`);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Prompt &#60;/script&#62;&#60;b&#62;kit&#60;/b&#62;');
    expect(response.body).not.toContain('<b>kit');
    expect(response.body).toContain('Prix : $15.00');
    expect(response.body).toContain('id="email"');
    expect(response.body).toContain('id="promo"');
    expect(response.body).toContain('id="card-number"');
    expect(response.body).not.toContain('id="amount"');
    const data = JSON.parse(
      /<script type="application\/json" id="embed-data">([^<]*)<\/script>/.exec(response.body)?.[1] as string,
    );
    expect(data).toMatchObject({
      product_id: productId,
      pay_what_you_want: false,
      language: 'fr',
      origin: 'https://seller.example',
    });
    // The server's refusals a guest checkout can meet, in French by id (the frame shows them so).
    expect(data.messages['auth.enterValidEmailAddress']).toBe(MESSAGE_CATALOGUE.fr['auth.enterValidEmailAddress']);
    expect(Object.keys(data.messages).some((id) => id.startsWith('promo'))).toBe(true);
    expect(Object.keys(data.messages).some((id) => id.startsWith('mail.') || id.startsWith('admin.'))).toBe(false);
  });

  it('without a publishable key under Stripe, shows no card form and links to the shop', async () => {
    const product = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json();
    const page = renderOverlayPage({
      product,
      language: 'en',
      origin: null,
      siteName: 'shop.example.test',
      payment: { provider: 'unavailable' },
      scriptUrl: '/embed/v1/checkout.js',
      billingCountry: false,
    });
    expect(page).toContain(MESSAGE_CATALOGUE.en['embed.cardsElsewhere']);
    expect(page).toContain(`<a href="/products/${productId}" target="_blank" rel="noopener">`);
    expect(page).not.toContain('data-stripe-key');
    expect(page).not.toContain('id="card-number"');
  });

  it('asks for the billing country exactly when the guest checkout takes one', async () => {
    const response = await inject(`/embed/checkout/${productId}?lang=fr`);
    expect(response.body.includes('<select id="country"')).toBe(guestCheckoutTakesBillingCountry());
    const product = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })).json();
    const page = renderOverlayPage({
      product,
      language: 'fr',
      origin: null,
      siteName: 'shop.example.test',
      payment: { provider: 'test' },
      scriptUrl: '/embed/v1/checkout.js',
      billingCountry: true,
    });
    expect(page).toContain('<label for="country">Pays de facturation</label>');
    expect(page).toContain('<option value="DE">Allemagne</option>');
    expect(page).toMatch(/<div id="region-field" hidden>.*<option value="CA">CA<\/option>/);
  });

  it('offers an amount field for pay what you want, prefilled with the suggested price', async () => {
    const response = await inject(`/embed/checkout/${pwywId}?lang=en`);
    expect(response.body).toContain('Pay what you want: at least $3.00, suggested $9.00.');
    expect(response.body).toMatch(/<input id="amount"[^>]*value="9.00"/);
  });

  it('ignores an origin that is not one (the frame then talks to nobody)', async () => {
    for (const origin of ['javascript:alert(1)', 'https://seller.example/path', 'nonsense', 'data:text/html,x']) {
      const response = await inject(`/embed/checkout/${productId}?origin=${encodeURIComponent(origin)}`);
      expect(response.body).toContain('"origin":null');
    }
  });

  it('answers a product not on sale with a framable page saying so, in the language asked for', async () => {
    const pending = await createProduct(t.db, seller.user, { status: 'pending' });
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await inject(`/embed/checkout/${id}?lang=en`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Product not found');
      expect(directives(response.headers['content-security-policy'] as string)['frame-ancestors']).toBe('https: http:');
    }
  });
});

describe('the snippet', () => {
  it('gives the seller the public addresses of the script and the product', async () => {
    const response = await seller.call('GET', `/buy-buttons/products/${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      product_id: productId,
      product_url: `https://shop.example.test/products/${productId}`,
      script_url: 'https://shop.example.test/embed/v1/buy.js',
      integrity: expect.stringMatching(/^sha384-/),
    });
  });

  it('is only for the product’s seller (and admins)', async () => {
    expect((await other.call('GET', `/buy-buttons/products/${productId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/buy-buttons/products/${productId}` })).statusCode).toBe(401);
    const buyer = await signedInUser(t, 'buyer');
    expect((await buyer.call('GET', `/buy-buttons/products/${productId}`)).statusCode).toBe(403);
    const admin = await signedInUser(t, 'admin');
    expect((await admin.call('GET', `/buy-buttons/products/${productId}`)).statusCode).toBe(200);
  });
});

describe('with Stripe as the payment provider (decision 0049)', () => {
  const SECRET = 'sk_test_overlay_secret_never_in_a_page';
  const PUBLISHABLE = 'pk_test_overlay_publishable';
  let s: TestApp;
  let product: { id: string };

  beforeAll(async () => {
    s = await createTestApp({
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE,
      STRIPE_WEBHOOK_SECRET: 'whsec_overlay_secret',
      PUBLIC_URL: 'https://shop.example.test',
    });
    product = await createProduct(s.db, await createUser(s.db, 'seller'), { title: 'Stripe kit', priceCents: 2500 });
  });
  afterAll(async () => {
    await s.close();
  });

  it('lets the overlay load Stripe.js, frame Stripe and call Stripe’s API, and nothing more', async () => {
    const response = await s.app.inject({ method: 'GET', url: `/embed/checkout/${product.id}?lang=en` });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['script-src']).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp['frame-src']).toBe('https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    expect(csp['connect-src']).toBe("'self' https://api.stripe.com");
    // The rest stays as strict as with the test card processor.
    expect(csp['default-src']).toBe("'none'");
    expect(csp['style-src']).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(csp['img-src']).toBe("'self' data:");
    expect(csp['form-action']).toBe("'none'");
    expect(csp['frame-ancestors']).toBe('https: http:');
    expect(response.headers['content-security-policy']).not.toContain('unsafe');
    // No wildcard but Stripe's own script subdomains (Stripe's security guide lists them).
    expect(response.headers['content-security-policy']).not.toMatch(/\*(?!\.js\.stripe\.com[ ;])/);
    // Still one same-origin script in the page; Stripe.js is added by it, not by the markup.
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      ' type="application/json" id="embed-data"',
      expect.stringMatching(/^ src="\/embed\/v1\/checkout\.js/),
    ]);
    expect(response.body).not.toContain('js.stripe.com');
  });

  it('carries the publishable key for Stripe’s card form, never the secret key, and no test card fields', async () => {
    const response = await s.app.inject({ method: 'GET', url: `/embed/checkout/${product.id}?lang=de` });
    expect(response.body).toContain(`data-stripe-key="${PUBLISHABLE}"`);
    expect(response.body).toContain('<div id="card-element"');
    expect(response.body).toContain(`<p id="card-label" class="label">${MESSAGE_CATALOGUE.de['embed.card']}</p>`);
    expect(response.body).toContain(`>${MESSAGE_CATALOGUE.de['embed.checkAgain']}</button>`);
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('sk_test');
    expect(response.body).not.toContain('whsec_');
    expect(response.body).not.toContain('id="card-number"');
    expect(response.body).not.toContain(MESSAGE_CATALOGUE.de['embed.testMode']);
    // The frame script's new texts come in the page's language.
    const data = JSON.parse(
      /<script type="application\/json" id="embed-data">([^<]*)<\/script>/.exec(response.body)?.[1] as string,
    );
    expect(data.texts).toMatchObject({
      cardFailed: MESSAGE_CATALOGUE.de['embed.cardFormFailed'],
      confirmLost: MESSAGE_CATALOGUE.de['embed.confirmLost'],
      declined: MESSAGE_CATALOGUE.de['embed.cardDeclined'],
    });
  });

  it('answers the overlay’s guest checkout with the PaymentIntent’s client secret for Stripe.js', async () => {
    const stripe = standInForStripe(s.deps);
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/v1/guest/checkout',
      headers: { 'idempotency-key': 'overlay-stripe-1', origin: 'https://shop.example.test' },
      payload: {
        email: 'overlay-stripe@example.org',
        items: [{ product_id: product.id, quantity: 1 }],
        language: 'en',
        billing_country: 'DE',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order.payment_status).not.toBe('paid');
    // $25 and German VAT: the intent is for the server's total, in cents.
    expect(order.amount).toBe(29.75);
    const intent = stripe.intents.get(order.payment_intent_id);
    expect(intent?.amount).toBe(2975);
    expect(intent?.metadata.order_id).toBe(order.order_id);
    expect(order.client_secret).toBe(intent?.client_secret);
    expect(order.client_secret).toMatch(/_secret_/);
    // Until Stripe has the card, the shop does not call the order paid.
    const early = await s.app.inject({
      method: 'POST',
      url: `/api/v1/guest/orders/${order.order_id}/confirm-payment`,
      headers: { 'x-order-token': order.access_token },
    });
    expect(early.statusCode).toBe(402);
  });
});
