import {
  SELLER_PROMO_DUPLICATE,
  SELLER_PROMO_FIXED_ABOVE_PRICE,
  SELLER_PROMO_NOT_FOUND,
  SELLER_PROMO_NOT_YOUR_PRODUCT,
  SELLER_PROMO_NOTHING_TO_UPDATE,
  type SellerPromoCodeInput,
  type SellerPromoCodeList,
  type SellerPromoCodeUpdate,
  type SellerPromoCodeView,
  type sellerPromoCodeListQuerySchema,
} from '@app/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import { isUuid } from '../../lib/validation';
import type { PromoRow } from '../cart/promos';
import { insertPromoCode, updatePromoCodeRow } from '../promo-codes/repository';
import { statusOf } from '../promo-codes/service';
import {
  countSellerPromoCodes,
  lockSellerPromoCode,
  ownLiveProducts,
  productsOfCodes,
  type SellerPromoWithStats,
  selectSellerPromoCodes,
  setPromoProducts,
} from './repository';

/** How many codes one seller may hold (active or not): enough for any shop, a bound for a script. */
export const SELLER_PROMO_MAX_CODES = 1000;
const TOO_MANY_CODES = 'You have reached the limit of 1,000 discount codes';

function presentSellerPromo(row: SellerPromoWithStats, named: { id: string; title: string }[]): SellerPromoCodeView {
  const { promo } = row;
  return {
    id: promo.id,
    code: promo.code,
    kind: promo.kind,
    value: promo.kind === 'fixed' ? centsToDollars(promo.value) : promo.value,
    description: promo.description,
    active: promo.active,
    status: statusOf(promo),
    products: named,
    expires_at: promo.expiresAt?.toISOString() ?? null,
    usage_limit: promo.usageLimit,
    used_count: promo.usedCount,
    per_customer_limit: promo.perCustomerLimit,
    redemptions: Number(row.redemptions ?? 0),
    revenue_discounted: centsToDollars(Number(row.discountCents ?? 0)),
    created_at: promo.createdAt.toISOString(),
  };
}

async function viewSellerPromos(db: DbOrTx, rows: SellerPromoWithStats[]): Promise<SellerPromoCodeView[]> {
  const named = await productsOfCodes(
    db,
    rows.map((row) => row.promo.id),
  );
  return rows.map((row) => presentSellerPromo(row, named.get(row.promo.id) ?? []));
}

/** The signed-in seller's own codes, newest first (never another seller's, never the platform's). */
export async function listSellerPromoCodes(
  deps: AppDeps,
  sellerId: string,
  query: z.output<typeof sellerPromoCodeListQuerySchema>,
): Promise<SellerPromoCodeList> {
  const [rows, total] = await Promise.all([
    selectSellerPromoCodes(deps.db, sellerId, { limit: query.limit, offset: pageOffset(query) }),
    countSellerPromoCodes(deps.db, sellerId),
  ]);
  return pagedList('promo_codes', await viewSellerPromos(deps.db, rows), total, query);
}

/** One of the seller's codes; another seller's (or a platform code) is "not found", as a missing one. */
export async function getSellerPromoCode(deps: AppDeps, sellerId: string, id: string): Promise<SellerPromoCodeView> {
  const [row] = isUuid(id) ? await selectSellerPromoCodes(deps.db, sellerId, { id }) : [];
  if (!row) throw new AppError('NOT_FOUND', SELLER_PROMO_NOT_FOUND);
  const [view] = await viewSellerPromos(deps.db, [row]);
  return view as SellerPromoCodeView;
}

/**
 * The products a code may name: the seller's own, not deleted. Another seller's product and one that
 * does not exist get the same answer, so nobody learns which ids exist. A fixed amount may not be
 * more than the dearest of them costs (what a buyer pays at most: the price, or the suggested price).
 */
async function checkNamedProducts(db: DbOrTx, sellerId: string, ids: string[], promo: Pick<PromoRow, 'kind' | 'value'>) {
  const own = await ownLiveProducts(db, sellerId, ids);
  if (own.length !== ids.length) throw fieldError('product_ids', SELLER_PROMO_NOT_YOUR_PRODUCT);
  if (promo.kind === 'fixed' && own.length > 0) {
    const dearest = Math.max(...own.map((product) => Math.max(product.priceCents, product.suggestedCents ?? 0)));
    if (promo.value > dearest) throw fieldError('value', SELLER_PROMO_FIXED_ABOVE_PRICE);
  }
}

/** Creates a seller's code for their own products (all of them when none is named); codes are unique in any case across the platform. */
export async function createSellerPromoCode(
  deps: AppDeps,
  sellerId: string,
  input: SellerPromoCodeInput,
): Promise<SellerPromoCodeView> {
  const value = input.kind === 'fixed' ? dollarsToCents(input.value) : input.value;
  const productIds = input.product_ids ?? [];
  const id = await deps.db.transaction(async (tx) => {
    if ((await countSellerPromoCodes(tx, sellerId)) >= SELLER_PROMO_MAX_CODES)
      throw new AppError('VALIDATION_FAILED', TOO_MANY_CODES, [{ field: 'code', message: TOO_MANY_CODES }]);
    await checkNamedProducts(tx, sellerId, productIds, { kind: input.kind, value });
    const row = await insertPromoCode(tx, {
      code: input.code,
      kind: input.kind,
      value,
      description: input.description ?? '',
      active: true,
      sellerId,
      expiresAt: input.expires_at ?? null,
      usageLimit: input.usage_limit ?? null,
      perCustomerLimit: input.per_customer_limit ?? null,
    });
    if (!row) throw new AppError('CONFLICT', SELLER_PROMO_DUPLICATE, [{ field: 'code', message: SELLER_PROMO_DUPLICATE }]);
    await setPromoProducts(tx, row.id, productIds);
    return row.id;
  });
  return getSellerPromoCode(deps, sellerId, id);
}

/** Changes a code's switch, end, limits, description or products; its code, kind and value stay. */
export async function updateSellerPromoCode(
  deps: AppDeps,
  sellerId: string,
  id: string,
  input: SellerPromoCodeUpdate,
): Promise<SellerPromoCodeView> {
  if (Object.values(input).every((value) => value === undefined))
    throw new AppError('VALIDATION_FAILED', SELLER_PROMO_NOTHING_TO_UPDATE);
  await deps.db.transaction(async (tx) => {
    const current = isUuid(id) ? await lockSellerPromoCode(tx, sellerId, id) : undefined;
    if (!current) throw new AppError('NOT_FOUND', SELLER_PROMO_NOT_FOUND);
    const columns: Partial<PromoRow> = {};
    if (input.description !== undefined) columns.description = input.description;
    if (input.active !== undefined) columns.active = input.active;
    if (input.expires_at !== undefined) columns.expiresAt = input.expires_at;
    if (input.usage_limit !== undefined) columns.usageLimit = input.usage_limit;
    if (input.per_customer_limit !== undefined) columns.perCustomerLimit = input.per_customer_limit;
    if (columns.usageLimit != null && columns.usageLimit < current.usedCount) {
      throw fieldError('usage_limit', `Usage limit cannot be below the ${current.usedCount} uses already made`);
    }
    if (input.product_ids !== undefined) {
      await checkNamedProducts(tx, sellerId, input.product_ids, current);
      await setPromoProducts(tx, current.id, input.product_ids);
    }
    if (Object.keys(columns).length > 0) await updatePromoCodeRow(tx, current.id, columns);
  });
  return getSellerPromoCode(deps, sellerId, id);
}

/** Switches a code off: carts drop it, no new order uses it; it is kept for the orders that used it. */
export async function deactivateSellerPromoCode(deps: AppDeps, sellerId: string, id: string) {
  const promo = await updateSellerPromoCode(deps, sellerId, id, { active: false });
  return { message: 'Discount code deactivated', promo_code: promo };
}
