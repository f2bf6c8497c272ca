import type { SellerLink } from '@app/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, users } from '../../db/schema';
import { isPublicProduct } from '../catalog/repository';

/** A seller's public figures over the products the public can see. */
export interface PublicSellerFigures {
  productCount: number;
  reviewCount: number;
  /** Sum of rating × reviews over those products (the average is this over reviewCount). */
  ratingSum: number;
}

/** Counts the seller's public products and the reviews they carry. */
export async function publicSellerFigures(db: DbOrTx, sellerId: string): Promise<PublicSellerFigures> {
  const [row] = await db
    .select({
      productCount: count(),
      reviewCount: sql<number>`coalesce(sum(${products.reviewCount}), 0)`.mapWith(Number),
      ratingSum: sql<number>`coalesce(sum(${products.ratingAverage} * ${products.reviewCount}), 0)`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), isPublicProduct));
  return row ?? { productCount: 0, reviewCount: 0, ratingSum: 0 };
}

/** Whether the user has any product the public can see (an admin or a former seller may still sell). */
export async function hasPublicProducts(db: DbOrTx, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), isPublicProduct))
    .limit(1);
  return row !== undefined;
}

/** Saves what the seller shows on their public page. */
export async function updateSellerProfile(db: DbOrTx, sellerId: string, profile: { bio: string; links: SellerLink[] }) {
  const [row] = await db
    .update(users)
    .set({ sellerBio: profile.bio, sellerLinks: profile.links })
    .where(eq(users.id, sellerId))
    .returning({ id: users.id });
  return row !== undefined;
}
