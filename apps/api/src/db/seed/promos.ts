import { productPromoCode } from '@app/shared';
import { eq } from 'drizzle-orm';
import { products, promoCodes } from '../../db/schema';
import type { Database } from '../client';

/** The spec's promo codes (§9) plus a 20% code per approved product, derived from its name. */
export async function seedPromoCodes(db: Database): Promise<void> {
  await db
    .insert(promoCodes)
    .values([
      { code: 'SAVE10', kind: 'percent', value: 10, description: '10% off your order' },
      {
        code: 'WELCOME',
        kind: 'fixed',
        value: 5000,
        description: '$50 off your first order',
        firstOrderOnly: true,
        perCustomerLimit: 1,
      },
      { code: 'STUDENT', kind: 'percent', value: 15, description: '15% student discount' },
    ])
    .onConflictDoNothing();
  const approved = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.status, 'approved'))
    .limit(1000);
  for (const product of approved) {
    await db
      .insert(promoCodes)
      .values({
        code: productPromoCode(product.title),
        kind: 'percent',
        value: 20,
        productId: product.id,
        description: `20% off ${product.title}`,
      })
      .onConflictDoNothing();
  }
}
