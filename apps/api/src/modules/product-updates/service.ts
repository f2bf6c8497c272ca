import type {
  PagingQuery,
  ProductUpdate,
  ProductUpdateList,
  ProductUpdateNoteInput,
  ProductUpdatePreferences,
  ProductUpdateUnsubscribeState,
  SellerProductUpdate,
  SellerProductUpdateList,
} from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import type { UserRow } from '../users/repository';
import { verifyUnsubscribe } from './links';
import { queueProductUpdate } from './queue';
import {
  countRecentNotes,
  deleteMute,
  deliveryCounts,
  findProductForUpdates,
  findProductUpdate,
  insertMute,
  listMutes,
  listProductUpdates,
  lockProductNotes,
  markProductUpdateDeleted,
  type ProductUpdateRow,
} from './repository';

const PRODUCT_NOT_FOUND = 'Product not found';
const TOO_MANY_NOTES = 'You have posted as many update notes for this product as a day allows. Please try again tomorrow.';
const INVALID_LINK = 'This unsubscribe link is invalid';

function present(row: ProductUpdateRow): ProductUpdate {
  return {
    id: row.id,
    product_id: row.productId,
    kind: row.kind,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A seller's update note to the past buyers of one of their own products (admins may delete notes,
 * not write them for a seller). At most `notesPerDay` per product in 24 hours, counted under a
 * per-product lock so that concurrent posts cannot pass the limit together.
 */
export async function postUpdateNote(
  deps: AppDeps,
  seller: UserRow,
  productId: string,
  input: ProductUpdateNoteInput,
): Promise<SellerProductUpdate> {
  const product = await findProductForUpdates(deps.db, productId);
  if (!product || product.sellerId !== seller.id) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  const id = await deps.db.transaction(async (tx) => {
    await lockProductNotes(tx, productId);
    if ((await countRecentNotes(tx, productId)) >= deps.config.productUpdates.notesPerDay) {
      throw new AppError('RATE_LIMITED', TOO_MANY_NOTES);
    }
    const queued = await queueProductUpdate(tx, {
      productId,
      kind: 'note',
      title: input.title.trim(),
      body: input.body.trim(),
      authorId: seller.id,
    });
    return queued.id;
  });
  const row = await findProductUpdate(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Update not found');
  const counts = await deliveryCounts(deps.db, [id]);
  return { ...present(row), deliveries: counts.get(id) ?? { sent: 0, queued: 0, skipped: 0, failed: 0 } };
}

/** The update notes of a product buyers and visitors can see, newest first. */
export async function listPublicUpdateNotes(deps: AppDeps, productId: string, query: PagingQuery): Promise<ProductUpdateList> {
  const product = await findProductForUpdates(deps.db, productId);
  if (product?.status !== 'approved') throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  const { rows, total } = await listProductUpdates(deps.db, productId, ['note'], {
    limit: query.limit,
    offset: pageOffset(query),
  });
  return pagedList('updates', rows.map(present), total, query);
}

/** Every update of the seller's own product (notes and version notices), with how far each one's sending got. */
export async function listSellerUpdates(
  deps: AppDeps,
  seller: UserRow,
  productId: string,
  query: PagingQuery,
): Promise<SellerProductUpdateList> {
  const product = await findProductForUpdates(deps.db, productId);
  if (!product || product.sellerId !== seller.id) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  const { rows, total } = await listProductUpdates(deps.db, productId, ['note', 'version'], {
    limit: query.limit,
    offset: pageOffset(query),
  });
  const counts = await deliveryCounts(
    deps.db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({
    ...present(row),
    deliveries: counts.get(row.id) ?? { sent: 0, queued: 0, skipped: 0, failed: 0 },
  }));
  return pagedList('updates', items, total, query);
}

/** An admin removes an update: hidden from the product page, and mails not yet sent are not sent. */
export async function deleteProductUpdate(deps: AppDeps, id: string): Promise<void> {
  if (!(await markProductUpdateDeleted(deps.db, id))) throw new AppError('NOT_FOUND', 'Update not found');
}

/** The signed-in user's product update settings: everything off, or the products muted (newest first). */
export async function getUpdatePreferences(deps: AppDeps, user: UserRow): Promise<ProductUpdatePreferences> {
  const mutes = await listMutes(deps.db, user.id);
  return {
    all_muted: mutes.some((mute) => mute.productId === null),
    muted_products: mutes.flatMap((mute) =>
      mute.productId ? [{ product_id: mute.productId, title: mute.title ?? '', muted_at: mute.createdAt.toISOString() }] : [],
    ),
  };
}

export async function setAllUpdatesMuted(deps: AppDeps, user: UserRow, muted: boolean): Promise<ProductUpdatePreferences> {
  await (muted ? insertMute(deps.db, user.id, null) : deleteMute(deps.db, user.id, null));
  return getUpdatePreferences(deps, user);
}

/** Mutes (or, undoing, unmutes) one product's updates for the signed-in user; the product must exist. */
export async function setProductUpdatesMuted(
  deps: AppDeps,
  user: UserRow,
  productId: string,
  muted: boolean,
): Promise<ProductUpdatePreferences> {
  if (muted) {
    if (!(await findProductForUpdates(deps.db, productId))) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    await insertMute(deps.db, user.id, productId);
  } else {
    await deleteMute(deps.db, user.id, productId);
  }
  return getUpdatePreferences(deps, user);
}

async function stateOf(deps: AppDeps, userId: string, productId: string): Promise<ProductUpdateUnsubscribeState> {
  const [mutes, product] = await Promise.all([listMutes(deps.db, userId), findProductForUpdates(deps.db, productId)]);
  return {
    product: product ? { id: product.id, title: product.title } : null,
    product_muted: mutes.some((mute) => mute.productId === productId),
    all_muted: mutes.some((mute) => mute.productId === null),
  };
}

function claimsOf(deps: AppDeps, token: string | undefined) {
  const claims = token ? verifyUnsubscribe(deps.downloadSigningKey, token) : null;
  if (!claims) throw new AppError('BAD_REQUEST', INVALID_LINK);
  return claims;
}

/** What an e-mail's unsubscribe link names, for its confirming page; reading it changes nothing (mail scanners open links). */
export async function readUnsubscribeLink(deps: AppDeps, token: string | undefined): Promise<ProductUpdateUnsubscribeState> {
  const claims = claimsOf(deps, token);
  return stateOf(deps, claims.u, claims.p);
}

/**
 * Follows an unsubscribe link (RFC 8058 one-click POST, or the confirming page's button): mutes the
 * product's updates, or all of them. No sign-in: the signed link is the proof. Twice is harmless.
 */
export async function unsubscribeByLink(
  deps: AppDeps,
  token: string | undefined,
  scope: 'product' | 'all',
): Promise<ProductUpdateUnsubscribeState> {
  const claims = claimsOf(deps, token);
  await insertMute(deps.db, claims.u, scope === 'all' ? null : claims.p);
  return stateOf(deps, claims.u, claims.p);
}
