import {
  type PromoCodeInput,
  type PromoCodeList,
  type PromoCodeUpdate,
  type PromoCodeView,
  type PromoStatus,
  promoCodeListQuerySchema,
  promoValueProblem,
  promoWindowProblem,
} from '@app/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError, type FieldError, fieldError } from '../../lib/errors';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import type { PromoRow } from '../cart/promos';
import {
  countPromoCodes,
  insertPromoCode,
  liveProductExists,
  lockPromoCodeRow,
  promoCodeFilter,
  promoCodeIdIs,
  selectPromoCodes,
  updatePromoCodeRow,
} from './repository';

export { promoCodeListQuerySchema as adminPromoCodesQuery };

const NOT_FOUND = 'Promo code not found';
const DUPLICATE = 'This code already exists';
const SELLER_CODE_SCOPE = 'A seller’s code applies to that seller’s products: only its seller changes them';

/** What a code looks like right now (admin and seller lists). */
export function statusOf(row: PromoRow, now = new Date()): PromoStatus {
  if (!row.active) return 'inactive';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'used_up';
  return 'active';
}

interface Stats {
  productTitle: string | null;
  redemptions: number | null;
  discountCents: string | number | null;
}

function presentPromoCode(row: PromoRow, stats: Stats): PromoCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? centsToDollars(row.value) : row.value,
    description: row.description,
    active: row.active,
    status: statusOf(row),
    product_id: row.productId,
    product_title: stats.productTitle,
    category: row.category,
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    per_customer_limit: row.perCustomerLimit,
    first_order_only: row.firstOrderOnly,
    min_subtotal: centsToDollars(row.minSubtotalCents),
    redemptions: Number(stats.redemptions ?? 0),
    revenue_discounted: centsToDollars(Number(stats.discountCents ?? 0)),
    seller_id: row.sellerId,
    created_at: row.createdAt.toISOString(),
  };
}

/** Codes as the admin sees them, with their usage figures. */
async function viewPromoCodes(
  db: DbOrTx,
  where: Parameters<typeof selectPromoCodes>[1],
  page?: { limit: number; offset: number },
) {
  const rows = await selectPromoCodes(db, where, page);
  return rows.map(({ promo, ...stats }) => presentPromoCode(promo, stats));
}

/** The admin list: newest first, filtered by active flag and by text in the code or description. */
export async function listPromoCodes(deps: AppDeps, query: z.output<typeof promoCodeListQuerySchema>): Promise<PromoCodeList> {
  const where = promoCodeFilter(query);
  const [list, total] = await Promise.all([
    viewPromoCodes(deps.db, where, { limit: query.limit, offset: pageOffset(query) }),
    countPromoCodes(deps.db, where),
  ]);
  return pagedList('promo_codes', list, total, query);
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function getPromoCode(deps: AppDeps, id: string): Promise<PromoCodeView> {
  const [view] = isUuid(id) ? await viewPromoCodes(deps.db, promoCodeIdIs(id)) : [];
  if (!view) throw new AppError('NOT_FOUND', NOT_FOUND);
  return view;
}

/** Locks the code's row so a checkout can not take a use while an admin changes its limits. */
async function lockPromoCode(tx: DbOrTx, id: string): Promise<PromoRow> {
  const row = isUuid(id) ? await lockPromoCodeRow(tx, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function requireProduct(db: DbOrTx, productId: string): Promise<void> {
  if (!(await liveProductExists(db, productId))) throw fieldError('product_id', 'Product not found');
}

/** Every rule that spans fields or needs the database, checked on the code as it would be saved. */
async function checkPromoRules(db: DbOrTx, next: PromoRow, changedProduct: boolean): Promise<void> {
  const problems: FieldError[] = [];
  const valueProblem = promoValueProblem(next.kind, next.kind === 'fixed' ? centsToDollars(next.value) : next.value);
  if (valueProblem) problems.push({ field: 'value', message: valueProblem });
  const windowProblem = promoWindowProblem(next.startsAt, next.expiresAt);
  if (windowProblem) problems.push({ field: 'expires_at', message: windowProblem });
  if (next.usageLimit !== null && next.usageLimit < next.usedCount) {
    problems.push({
      field: 'usage_limit',
      message: `Usage limit cannot be below the ${next.usedCount} uses already made`,
    });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', (problems[0] as FieldError).message, problems);
  if (changedProduct && next.productId) await requireProduct(db, next.productId);
}

/** Column values for the fields an admin sent (dollars become cents; null clears a rule). */
function columnsOf(input: PromoCodeUpdate, kind: PromoRow['kind']): Partial<PromoRow> {
  const columns: Partial<PromoRow> = {};
  if (input.kind !== undefined) columns.kind = input.kind;
  if (input.value !== undefined) columns.value = kind === 'fixed' ? dollarsToCents(input.value) : input.value;
  if (input.description !== undefined) columns.description = input.description;
  if (input.active !== undefined) columns.active = input.active;
  if (input.product_id !== undefined) columns.productId = input.product_id;
  if (input.category !== undefined) columns.category = input.category;
  if (input.starts_at !== undefined) columns.startsAt = input.starts_at;
  if (input.expires_at !== undefined) columns.expiresAt = input.expires_at;
  if (input.usage_limit !== undefined) columns.usageLimit = input.usage_limit;
  if (input.per_customer_limit !== undefined) columns.perCustomerLimit = input.per_customer_limit;
  if (input.first_order_only !== undefined) columns.firstOrderOnly = input.first_order_only;
  if (input.min_subtotal !== undefined) columns.minSubtotalCents = dollarsToCents(input.min_subtotal);
  return columns;
}

/** Creates a code (stored upper-case). A code that exists already, in any case, is a 409. */
export async function createPromoCode(deps: AppDeps, input: PromoCodeInput): Promise<PromoCodeView> {
  const values = {
    code: input.code,
    kind: input.kind,
    value: 0,
    description: '',
    active: true,
    productId: null,
    category: null,
    startsAt: null,
    expiresAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    minSubtotalCents: 0,
    sellerId: null,
    ...columnsOf(input, input.kind),
  };
  await checkPromoRules(deps.db, { ...values, id: '', usedCount: 0, createdAt: new Date() }, true);
  const row = await insertPromoCode(deps.db, values).catch((error: unknown) => {
    // The product was deleted between the check and the insert.
    if ((error as { cause?: { code?: string } }).cause?.code === '23503') throw fieldError('product_id', 'Product not found');
    throw error;
  });
  if (!row) throw new AppError('CONFLICT', DUPLICATE, [{ field: 'code', message: DUPLICATE }]);
  return getPromoCode(deps, row.id);
}

/** Changes any rule of a code except the code itself. An empty change is a 422. */
export async function updatePromoCode(deps: AppDeps, id: string, input: PromoCodeUpdate): Promise<PromoCodeView> {
  const { code, ...changes } = input;
  await deps.db.transaction(async (tx) => {
    const current = await lockPromoCode(tx, id);
    if (code !== undefined && code !== current.code) throw fieldError('code', 'The code cannot be changed after it is created');
    if (Object.values(changes).every((value) => value === undefined))
      throw new AppError('VALIDATION_FAILED', 'Nothing to update');
    // A seller's code covers that seller's products alone: its scope is the seller's to set (decision 0045).
    if (current.sellerId && (changes.product_id !== undefined || changes.category !== undefined))
      throw fieldError('product_id', SELLER_CODE_SCOPE);
    const kind = changes.kind ?? current.kind;
    // Switching kind without a new value would reread cents as a percent (or the reverse).
    if (changes.kind !== undefined && changes.kind !== current.kind && changes.value === undefined) {
      throw fieldError('value', 'Give a new value when changing between percent and fixed amount');
    }
    const columns = columnsOf(changes, kind);
    await checkPromoRules(tx, { ...current, ...columns }, columns.productId !== undefined);
    await updatePromoCodeRow(tx, current.id, columns);
  });
  return getPromoCode(deps, id);
}

/**
 * Switches a code off: carts drop it and no new order can use it. Codes are never deleted, so the
 * orders that used one keep their record.
 */
export async function deactivatePromoCode(deps: AppDeps, id: string) {
  await deps.db.transaction(async (tx) => {
    const current = await lockPromoCode(tx, id);
    await updatePromoCodeRow(tx, current.id, { active: false });
  });
  return { message: 'Promo code deactivated', promo_code: await getPromoCode(deps, id) };
}
