import { hasRole, type SellerStats } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import { filesOfProducts } from '../products/repository';
import { presentOwnProduct } from '../scans/present';
import { type UserRow, updateUser } from '../users/repository';
import {
  countOwnProductsByStatus,
  listOwnProductsWithSales,
  sellerDailySales,
  sellerEarningsCents,
  sellerUnitsSold,
} from './repository';

/** A buyer accepts the seller terms and becomes a seller. */
export async function becomeSeller(deps: AppDeps, user: UserRow): Promise<UserRow> {
  if (hasRole(user.role, ['seller', 'admin', 'simple_admin'])) return user;
  const updated = await updateUser(deps.db, user.id, { role: 'seller' });
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  return updated;
}

export async function listOwnProducts(
  deps: AppDeps,
  owner: UserRow,
  query: { page: number; limit: number; status?: 'pending' | 'approved' | 'rejected'; query?: string },
) {
  const { rows, total } = await listOwnProductsWithSales(
    deps.db,
    owner.id,
    { status: query.status, query: query.query },
    { limit: query.limit, offset: pageOffset(query) },
  );
  const files = await filesOfProducts(
    deps.db,
    rows.map((row) => row.product.id),
  );
  // Each row's sales come from the paid orders, the same source as the dashboard's total.
  const items = rows.map((row) =>
    presentOwnProduct(
      { ...row.product, salesCount: row.paidUnits },
      files.filter((file) => file.productId === row.product.id),
    ),
  );
  // `data` and `pagination` are the spec's names (§7 Seller); the standard fields sit beside them.
  const list = pagedList('products', items, total, query);
  return { ...list, data: items, pagination: { page: list.page, limit: query.limit, total, pages: list.pages } };
}

/** Spec §3 Seller stats, from the seller's own products and the ledger. */
export async function sellerStats(deps: AppDeps, owner: UserRow): Promise<SellerStats> {
  const statuses = await countOwnProductsByStatus(deps.db, owner.id);
  const revenueCents = await sellerEarningsCents(deps.db, owner.id);
  const units = await sellerUnitsSold(deps.db, owner.id);
  return {
    total_products: statuses?.total ?? 0,
    pending: statuses?.pending ?? 0,
    approved: statuses?.approved ?? 0,
    rejected: statuses?.rejected ?? 0,
    total_revenue: centsToDollars(revenueCents),
    total_sales: units,
  };
}

/** Daily sales and earnings for the seller's chart, by UTC day like every other chart (see statsOverTime). */
export async function sellerSalesSeries(deps: AppDeps, owner: UserRow, days: number) {
  const rows = await sellerDailySales(deps.db, owner.id, days);
  return rows.map((row) => ({
    date: row.day,
    sales: Number(row.sales),
    revenue: centsToDollars(Number(row.revenue_cents)),
  }));
}
