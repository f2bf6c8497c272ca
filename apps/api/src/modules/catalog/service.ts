import {
  CATEGORIES,
  type CategoryCount,
  hasRole,
  type ProductList,
  type ProductListQuery,
  type PublicProduct,
} from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/validation';
import type { UserRow } from '../users/repository';
import { presentProduct } from './present';
import {
  countApprovedByCategory,
  countByStatus,
  findProductById,
  listProducts,
  listRelatedProducts,
  type ProductRow,
  type Visibility,
} from './repository';

/**
 * Lists the catalogue. Everyone sees approved products; a `status` filter is honoured for admins,
 * and for a seller listing their own products (`seller_id` = themself).
 */
export async function browseProducts(deps: AppDeps, query: ProductListQuery, viewer: UserRow | null): Promise<ProductList> {
  const result = await listProducts(deps.db, query, visibilityFor(query, viewer));
  return {
    products: result.rows.map(presentProduct),
    total: result.total,
    page: result.page,
    pages: Math.ceil(result.total / result.limit),
  };
}

function visibilityFor(query: ProductListQuery, viewer: UserRow | null): Visibility {
  if (!query.status || !viewer) return { kind: 'public' };
  const isAdmin = hasRole(viewer.role, ['admin']);
  const ownListing = query.seller_id === viewer.id;
  if (!isAdmin && !ownListing) return { kind: 'public' };
  return query.status === 'all' ? { kind: 'all' } : { kind: 'all', status: query.status };
}

/** Approved products are public; others only to their seller and admins (404 for everyone else). */
export function canSeeProduct(product: ProductRow, viewer: UserRow | null): boolean {
  if (product.status === 'approved') return true;
  return Boolean(viewer && (viewer.id === product.sellerId || hasRole(viewer.role, ['admin'])));
}

export async function getVisibleProduct(deps: AppDeps, id: string, viewer: UserRow | null): Promise<ProductRow> {
  const trimmed = id.trim();
  if (!trimmed)
    throw new AppError('VALIDATION_FAILED', 'Product ID is required', [{ field: 'id', message: 'Product ID is required' }]);
  const product = isUuid(trimmed) ? await findProductById(deps.db, trimmed) : undefined;
  if (!product || !canSeeProduct(product, viewer)) throw new AppError('NOT_FOUND', 'Product not found');
  return product;
}

/** One product with a few related ones from its category. */
export async function getProductDetail(
  deps: AppDeps,
  id: string,
  viewer: UserRow | null,
): Promise<PublicProduct & { related: PublicProduct[] }> {
  const product = await getVisibleProduct(deps, id, viewer);
  const related = await listRelatedProducts(deps.db, product, 4);
  return { ...presentProduct(product), related: related.map(presentProduct) };
}

export async function listCategories(deps: AppDeps): Promise<CategoryCount[]> {
  const counts = await countApprovedByCategory(deps.db);
  return CATEGORIES.map((category) => ({ ...category, count: counts.get(category.slug) ?? 0 }));
}

export async function countProducts(deps: AppDeps) {
  const byStatus = await countByStatus(deps.db);
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { total, approved: byStatus.approved ?? 0, pending: byStatus.pending ?? 0, rejected: byStatus.rejected ?? 0 };
}
