import type { CompareResult } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { presentProduct } from '../catalog/present';
import { findPublicProductsByIds } from './repository';

/**
 * Products side by side: the public ones among `ids`, in the order asked. A product that is not
 * public (pending, rejected, deleted, from a suspended seller, or unknown) is left out and named in
 * `missing`, so a shared compare link still shows what remains.
 */
export async function compareProducts(deps: AppDeps, ids: readonly string[]): Promise<CompareResult> {
  const rows = await findPublicProductsByIds(deps.db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentProduct(row)] : [];
  });
  return { products: found, missing: ids.filter((id) => !byId.has(id)) };
}
