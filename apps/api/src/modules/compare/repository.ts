import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { isPublicProduct, type ProductRow, productColumns } from '../catalog/repository';

/** The public products among `ids` (any order; the others are simply absent). */
export async function findPublicProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, [...ids]), isPublicProduct));
  return rows as ProductRow[];
}
