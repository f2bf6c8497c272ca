import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client';
import { orderItems, orders, productFiles, products, promoCodes } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { insertUser, type UserRow } from '../src/modules/users/repository';
import { uniqueEmail } from './helpers';

/** Rows made straight in the database for tests that need a catalogue or orders to exist. */

export const FACTORY_PASSWORD = 'Factory-pass-2026';
let passwordHash: Promise<string> | undefined;

export async function createUser(db: Database, role = 'buyer', names = { firstName: 'Fay', lastName: 'Tory' }): Promise<UserRow> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  return (await insertUser(db, { email: uniqueEmail(role), ...names, role, passwordHash: await passwordHash })) as UserRow;
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
