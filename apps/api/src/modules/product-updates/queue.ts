import type { Tx } from '../../db/client';
import { insertProductUpdate } from './repository';

export interface QueuedProductUpdate {
  productId: string;
  kind: 'version' | 'note';
  title: string;
  body: string;
  /** The approved version a 'version' update announces. */
  versionId?: string | null;
  /** The seller who wrote a note. */
  authorId?: string | null;
}

/**
 * Records an update to a product's past buyers in the caller's transaction: it exists only if the
 * caller's change (a version's approval, a note) commits. The product-updates job sends it later,
 * in batches, to every paid and not refunded buyer who has not muted the product's updates.
 */
export async function queueProductUpdate(tx: Tx, update: QueuedProductUpdate): Promise<{ id: string }> {
  return insertProductUpdate(tx, {
    productId: update.productId,
    kind: update.kind,
    title: update.title.slice(0, 200),
    body: update.body,
    versionId: update.versionId ?? null,
    authorId: update.authorId ?? null,
  });
}
