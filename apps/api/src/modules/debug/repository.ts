import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, users } from '../../db/schema';

/** How many simple admins there are and how many of them are active. */
export async function countSimpleAdmins(db: DbOrTx): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({ total: count(), active: sql<number>`count(*) filter (where ${users.isActive})`.mapWith(Number) })
    .from(users)
    .where(eq(users.role, 'simple_admin'));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/** The image references of the newest products. */
export function listNewestProductImages(db: DbOrTx, limit: number) {
  return db.select({ images: products.images }).from(products).orderBy(desc(products.createdAt)).limit(limit);
}
