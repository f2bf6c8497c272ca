import type { Tx } from '../../db/client';
import { productUpdates } from '../../db/schema';

export type ProductUpdateRow = typeof productUpdates.$inferSelect;
export type NewProductUpdate = typeof productUpdates.$inferInsert;

/** Stores an update; the fan-out job finds it by its empty `fanout_done_at`. */
export async function insertProductUpdate(tx: Tx, update: NewProductUpdate): Promise<{ id: string }> {
  const [row] = await tx.insert(productUpdates).values(update).returning({ id: productUpdates.id });
  if (!row) throw new Error('product update not inserted');
  return row;
}
