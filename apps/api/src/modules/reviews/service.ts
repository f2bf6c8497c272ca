import { hasRole, type PublicReview, type ReviewRequest } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { isUuid } from '../../lib/validation';
import { getVisibleProduct } from '../catalog/service';
import { refreshProductRating } from '../products/repository';
import type { UserRow } from '../users/repository';
import {
  deleteReviewRow,
  findReview,
  hasPaidFor,
  insertReview,
  listReviews,
  lockProduct,
  type ReviewWithAuthor,
  updateReviewText,
} from './repository';

export function presentReview(review: ReviewWithAuthor): PublicReview {
  return {
    id: review.id,
    product_id: review.productId,
    user_id: review.userId,
    user_name: review.userName,
    rating: review.rating,
    comment: review.comment,
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
  };
}

/** A product's reviews, newest first. */
export async function getProductReviews(deps: AppDeps, productId: string, viewer: UserRow | null, page: number, limit: number) {
  const product = await getVisibleProduct(deps, productId, viewer);
  const { rows, total } = await listReviews(deps.db, product.id, limit, pageOffset({ page, limit }));
  const canReview = viewer
    ? (await hasPaidFor(deps.db, viewer.id, product.id)) && !rows.some((r) => r.userId === viewer.id)
    : false;
  return {
    ...pagedList('reviews', rows.map(presentReview), total, { page, limit }),
    average_rating: Number(product.ratingAverage),
    review_count: product.reviewCount,
    can_review: canReview,
  };
}

/** Only a buyer with a paid order for the product may review it, once. */
export async function createReview(
  deps: AppDeps,
  user: UserRow,
  productId: string,
  input: Required<ReviewRequest>,
): Promise<PublicReview> {
  const product = await getVisibleProduct(deps, productId, user);
  if (!(await hasPaidFor(deps.db, user.id, product.id))) {
    throw new AppError('FORBIDDEN', 'Only buyers who have purchased this product can review it.');
  }
  const review = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const row = await insertReview(tx, {
      productId: product.id,
      userId: user.id,
      rating: Number(input.rating),
      comment: input.comment,
    });
    if (!row) throw new AppError('CONFLICT', 'You have already reviewed this product. Edit your review instead.');
    await refreshProductRating(tx, product.id);
    return row;
  });
  return presentReview({ ...review, userName: `${user.firstName} ${user.lastName.charAt(0)}.` });
}

async function ownedReview(deps: AppDeps, user: UserRow, reviewId: string) {
  const review = isUuid(reviewId) ? await findReview(deps.db, reviewId) : undefined;
  if (!review) throw new AppError('NOT_FOUND', 'Review not found');
  if (review.userId !== user.id && !hasRole(user.role, ['admin'])) {
    throw new AppError('FORBIDDEN', 'Only the author or an admin can change this review.');
  }
  return review;
}

export async function updateReview(
  deps: AppDeps,
  user: UserRow,
  reviewId: string,
  input: Required<ReviewRequest>,
): Promise<PublicReview> {
  const review = await ownedReview(deps, user, reviewId);
  const updated = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, review.productId);
    const row = await updateReviewText(tx, review.id, { rating: Number(input.rating), comment: input.comment });
    await refreshProductRating(tx, review.productId);
    return row;
  });
  if (!updated) throw new AppError('NOT_FOUND', 'Review not found');
  return presentReview({ ...updated, userName: `${user.firstName} ${user.lastName.charAt(0)}.` });
}

export async function deleteReview(deps: AppDeps, user: UserRow, reviewId: string): Promise<void> {
  const review = await ownedReview(deps, user, reviewId);
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, review.productId);
    await deleteReviewRow(tx, review.id);
    await refreshProductRating(tx, review.productId);
  });
}
