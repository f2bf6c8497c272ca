import { cartSummaryLines, orderSummaryLines } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAndPay, createProduct, createPromo, createUser, signedInUser } from '../../../test/factories';
import { createTestApp, outboxMessages, type TestApp } from '../../../test/helpers';

/**
 * Cart, order and receipt e-mail show the same price rows: subtotal, the promo discount with its
 * code, total. The receipt used to jump from the item straight to the total ($9.00 … $7.65).
 */

let t: TestApp;
let reduced: { id: string; title: string };
let tool: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  // $9.00, down from $19.00: the $10 saving is in the price, not a discount row.
  reduced = await createProduct(t.db, seller, { title: 'Prompt Pack', priceCents: 900, originalPriceCents: 1900 });
  tool = await createProduct(t.db, seller, { title: 'Agent Kit', priceCents: 4900 });
  await createPromo(t.db, { code: 'SAVE10', kind: 'percent', value: 10 });
  await createPromo(t.db, { code: 'STUDENT', kind: 'percent', value: 15 });
  await createPromo(t.db, { code: 'FIVEOFF', kind: 'fixed', value: 500 });
});
afterAll(async () => {
  await t.close();
});

async function buyer(language?: string) {
  const b = await signedInUser(t, 'buyer');
  if (language) expect((await b.call('PUT', '/users/me/preferences', { language })).statusCode).toBe(200);
  return b;
}

/** The text part of the newest receipt to `email`, quoted-printable decoded. */
function receiptText(email: string): string {
  const message = outboxMessages(t.config)
    .filter((m) => m.includes(`To: ${email}`))
    .at(-1);
  if (!message) throw new Error(`no e-mail to ${email}`);
  const text = message.split(/Content-Type: text\/plain[^\n]*\n/)[1]?.split(/\r?\n--/)[0] ?? '';
  const body = text.slice(text.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const hex = body[i] === '=' ? body.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i] as string));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** Buys the products with the promo; returns the cart as it stood before checkout, the paid order and the receipt. */
async function buy(productIds: string[], promo: string | null, language?: string) {
  const b = await buyer(language);
  for (const id of productIds) await b.call('POST', '/cart/add', { product_id: id, quantity: 1 });
  if (promo) expect((await b.call('POST', '/cart/promo', { code: promo })).statusCode).toBe(200);
  const cart = (await b.call('GET', '/cart')).json();
  const checkout = await checkoutAndPay(b.call);
  const order = (await b.call('GET', `/orders/${checkout.order_id}`)).json();
  return { cart, order, receipt: receiptText(b.user.email) };
}

/** The lines of the receipt between the item rows and the downloads. */
function receiptSummary(receipt: string): string[] {
  const lines = receipt.split('\n');
  const first = lines.findIndex((line) => line.startsWith('- '));
  const rows: string[] = [];
  for (const line of lines.slice(first)) {
    if (line.startsWith('- ')) continue;
    if (line.trim() === '') break;
    rows.push(line);
  }
  return rows;
}

describe('one price summary on every surface', () => {
  it('SAVE10: cart, order and receipt show subtotal, Discount (SAVE10) and total alike', async () => {
    const { cart, order, receipt } = await buy([reduced.id, tool.id], 'SAVE10');
    const expected = [
      { kind: 'subtotal', cents: 5800 },
      { kind: 'discount', cents: 580, code: 'SAVE10' },
      { kind: 'total', cents: 5220 },
    ];
    expect(cartSummaryLines(cart)).toEqual(expected);
    expect(orderSummaryLines(order)).toEqual(expected);
    expect(receipt).toContain('- Prompt Pack × 1: $9.00 USD');
    expect(receiptSummary(receipt)).toEqual(['Subtotal: $58.00 USD', 'Discount (SAVE10): −$5.80 USD', 'Total: $52.20 USD']);
  });

  it('the reported receipt: a $9.00 item with a 15% code shows the $1.35 discount between $9.00 and $7.65', async () => {
    const { cart, order, receipt } = await buy([reduced.id], 'STUDENT');
    // The cart's spec field `discount` also counts the $10 original-price saving; the rows do not.
    expect(cart.discount).toBe(11.35);
    expect(cartSummaryLines(cart)).toEqual(orderSummaryLines(order));
    expect(receiptSummary(receipt)).toEqual(['Subtotal: $9.00 USD', 'Discount (STUDENT): −$1.35 USD', 'Total: $7.65 USD']);
  });

  it('a fixed-amount code is the same row on cart, order and receipt', async () => {
    const { cart, order, receipt } = await buy([tool.id], 'FIVEOFF');
    expect(cartSummaryLines(cart)).toEqual([
      { kind: 'subtotal', cents: 4900 },
      { kind: 'discount', cents: 500, code: 'FIVEOFF' },
      { kind: 'total', cents: 4400 },
    ]);
    expect(orderSummaryLines(order)).toEqual(cartSummaryLines(cart));
    expect(receiptSummary(receipt)).toEqual(['Subtotal: $49.00 USD', 'Discount (FIVEOFF): −$5.00 USD', 'Total: $44.00 USD']);
  });

  it('without a code there is no discount row anywhere (never "Discount $0.00")', async () => {
    const { cart, order, receipt } = await buy([reduced.id], null);
    expect(cartSummaryLines(cart)).toEqual([
      { kind: 'subtotal', cents: 900 },
      { kind: 'total', cents: 900 },
    ]);
    expect(orderSummaryLines(order)).toEqual(cartSummaryLines(cart));
    expect(receiptSummary(receipt)).toEqual(['Subtotal: $9.00 USD', 'Total: $9.00 USD']);
  });

  it('writes the rows in the buyer’s language', async () => {
    const { receipt } = await buy([tool.id], 'SAVE10', 'de');
    // Intl puts a no-break space between amount and currency.
    expect(receiptSummary(receipt).map((row) => row.replace(/[\u00a0\u202f]/g, ' '))).toEqual([
      'Zwischensumme: 49,00 USD',
      'Rabatt (SAVE10): −4,90 USD',
      'Gesamt: 44,10 USD',
    ]);
  });
});
