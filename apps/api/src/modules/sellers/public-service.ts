import { hasRole, type PublicSeller, type SellerProfileUpdate, sellerProfileUpdateSchema, sellerSlug } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { avatarUrl } from '../users/present';
import { findUserById, type UserRow } from '../users/repository';
import { sellerUnitsSold } from './repository';
import { hasPublicProducts, publicSellerFigures, updateSellerProfile } from './repository-public';

export const SELLER_NOT_FOUND = 'Seller not found';

/**
 * A seller's public page: 404 for an unknown, deleted or suspended account, and for an account
 * that sells nothing (a buyer has no public page). Only what the seller shows the world.
 */
export async function getPublicSeller(deps: AppDeps, sellerId: string): Promise<PublicSeller> {
  const user = await findUserById(deps.db, sellerId);
  if (!user || user.deletedAt || !user.isActive) throw new AppError('NOT_FOUND', SELLER_NOT_FOUND);
  if (!hasRole(user.role, ['seller']) && !(await hasPublicProducts(deps.db, user.id))) {
    throw new AppError('NOT_FOUND', SELLER_NOT_FOUND);
  }
  const [figures, sales] = await Promise.all([publicSellerFigures(deps.db, user.id), sellerUnitsSold(deps.db, user.id)]);
  return presentPublicSeller(user, { ...figures, sales });
}

function presentPublicSeller(
  user: UserRow,
  figures: { productCount: number; reviewCount: number; ratingSum: number; sales: number },
): PublicSeller {
  const name = `${user.firstName} ${user.lastName}`.trim();
  const average = figures.reviewCount > 0 ? Math.round((figures.ratingSum / figures.reviewCount) * 100) / 100 : 0;
  return {
    id: user.id,
    name,
    slug: sellerSlug(name),
    avatar: avatarUrl(user.avatarKey) ?? user.pictureUrl,
    bio: user.sellerBio,
    links: user.sellerLinks,
    member_since: user.createdAt.toISOString(),
    product_count: figures.productCount,
    sales_count: figures.sales,
    average_rating: average,
    review_count: figures.reviewCount,
  };
}

/** The seller changes the bio and links of their public page. */
export async function changeSellerProfile(deps: AppDeps, seller: UserRow, input: SellerProfileUpdate): Promise<void> {
  const profile = sellerProfileUpdateSchema.parse(input);
  if (!(await updateSellerProfile(deps.db, seller.id, profile))) throw new AppError('NOT_FOUND', 'User not found');
}
