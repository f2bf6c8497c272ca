import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../src/db/client';
import { orderItems, orders, productFiles, products, promoCodes } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { insertUser, type UserRow } from '../src/modules/users/repository';
import { type Caller, callAs, createTestApp, signIn, type TestApp, uniqueEmail } from './helpers';

/** Rows made straight in the database for tests that need a catalogue or orders to exist. */

export const FACTORY_PASSWORD = 'Factory-pass-2026';
let passwordHash: Promise<string> | undefined;

export async function createUser(db: Database, role = 'buyer', names = { firstName: 'Fay', lastName: 'Tory' }): Promise<UserRow> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  return (await insertUser(db, { email: uniqueEmail(role), ...names, role, passwordHash: await passwordHash })) as UserRow;
}

/** A user made by createUser and signed in: the row, its access token and a caller with that token. */
export async function signedInUser(t: TestApp, role = 'buyer', names?: { firstName: string; lastName: string }) {
  const user = await createUser(t.db, role, names);
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  return { user, token, call: callAs(t.app, token) };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** The admin tests' cast, each signed in: the admin Ada Min, the seller Sel Ler and a buyer. */
async function adminSellerAndBuyer(t: TestApp) {
  return {
    admin: await signedInUser(t, 'admin', { firstName: 'Ada', lastName: 'Min' }),
    seller: await signedInUser(t, 'seller', { firstName: 'Sel', lastName: 'Ler' }),
    buyer: await signedInUser(t, 'buyer'),
  };
}

export type AdminCast = Awaited<ReturnType<typeof adminSellerAndBuyer>>;

/**
 * For a test file of admin routes: registers its beforeAll/afterAll and returns the test app and the
 * admin cast, both filled in before the first test (read them inside tests) and the app closed after the last.
 */
export function adminTestApp(): { t: TestApp; cast: AdminCast } {
  const t = {} as TestApp;
  const cast = {} as AdminCast;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    Object.assign(cast, await adminSellerAndBuyer(t));
  });
  afterAll(async () => {
    await t.close();
  });
  return { t, cast };
}

/**
 * Checks out the caller's cart, billed to the US (no rate is seeded for the country as a whole, so
 * the totals are the net ones), and pays it with the success card; returns the checkout answer.
 */
export async function checkoutAndPay(call: Caller): Promise<{ order_id: string; payment_intent_id: string }> {
  const checkout = (await call('POST', '/orders/checkout', { billing_country: 'US' })).json();
  const paid = await call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, {
    card_number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(paid.statusCode).toBe(200);
  return checkout;
}

export type ProductInput = Partial<typeof products.$inferInsert>;

export async function createProduct(db: Database, seller: UserRow, overrides: ProductInput = {}) {
  const [row] = await db
    .insert(products)
    .values({
      sellerId: seller.id,
      sellerName: `${seller.firstName} ${seller.lastName}`,
      title: `Product ${randomUUID().slice(0, 8)}`,
      shortDescription: 'A useful thing',
      description: 'A longer description of a useful thing.',
      priceCents: 1000,
      category: 'ai-tools',
      status: 'approved',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('product not created');
  return row;
}

/** A paid, completed order of one product for a buyer. */
export async function createPaidOrder(
  db: Database,
  buyer: UserRow,
  product: { id: string; title: string; sellerId: string; priceCents: number },
) {
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `T-${randomUUID().slice(0, 12)}`,
      userId: buyer.id,
      status: 'completed',
      paymentStatus: 'paid',
      subtotalCents: product.priceCents,
      totalCents: product.priceCents,
      paidAt: new Date(),
    })
    .returning();
  if (!order) throw new Error('order not created');
  await db.insert(orderItems).values({
    orderId: order.id,
    productId: product.id,
    productTitle: product.title,
    sellerId: product.sellerId,
    unitPriceCents: product.priceCents,
  });
  return order;
}

/** Stores a real file for a product through the app's storage. */
export async function addProductFile(
  deps: import('../src/lib/context').AppDeps,
  productId: string,
  fileName: string,
  content: string | Buffer,
) {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const storageKey = `product-files/${productId}/${fileName}`;
  await deps.storage.put(storageKey, data);
  const [row] = await deps.db
    .insert(productFiles)
    .values({ productId, fileName, storageKey, sizeBytes: data.length, contentType: 'application/octet-stream' })
    .returning();
  return row;
}

export async function createPromo(db: Database, values: Partial<typeof promoCodes.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(promoCodes)
    .values({ kind: 'percent', value: 10, ...values })
    .returning();
  return row;
}
