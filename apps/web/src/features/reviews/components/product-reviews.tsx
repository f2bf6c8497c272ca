import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { RatingStars } from '@/components/rating-stars';
import { Alert } from '@/components/ui/alert';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { pathOf } from '@/lib/redirect';
import { usePagedList } from '@/lib/use-paged-list';
import { useReviews } from '../api/get-reviews';

/**
 * The form is for a buyer who may review (the server's `can_review`): a visitor never loads it, nor
 * react-hook-form and the review schema (zod) it validates with. A signed-in viewer starts loading it
 * with the page, so it is there by the time the reviews answer.
 */
const loadReviewForm = () => import('./review-form');
const ReviewForm = lazy(async () => ({ default: (await loadReviewForm()).ReviewForm }));

/** The reviews of one product: summary, the form for a buyer who may review, and the paged list. */
export function ProductReviews({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const reviews = useReviews(productId, page);
  const data = reviews.data;
  const { items: list, pages } = usePagedList(reviews, 'reviews');
  const signedIn = auth.status === 'authenticated';
  useEffect(() => {
    if (signedIn) loadReviewForm().catch(() => undefined);
  }, [signedIn]);

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            {t('reviews.title')}
          </h2>
          {data && data.review_count > 0 && (
            <div className="mt-2 flex items-center gap-3">
              <span className="text-3xl font-bold text-slate-900 tabular-nums dark:text-white">
                {data.average_rating.toFixed(1)}
              </span>
              <div>
                <RatingStars rating={data.average_rating} size="md" />
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('reviews.basedOn', { count: data.review_count })}</p>
              </div>
            </div>
          )}
        </div>
        {auth.status === 'anonymous' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Link
              to="/login"
              state={{ from: `${pathOf(location)}` }}
              className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            >
              {t('reviews.signIn')}
            </Link>{' '}
            {t('reviews.signInHint')}
          </p>
        )}
      </div>

      <div className="mt-6 space-y-6">
        {data?.can_review && (
          <Suspense fallback={null}>
            <ReviewForm productId={productId} />
          </Suspense>
        )}
        {reviews.isError && !data ? (
          <Alert tone="error">{translateMessage(errorMessage(reviews.error, t('common.operationFailed')))}</Alert>
        ) : !data ? (
          <Spinner label={t('reviews.loading')} />
        ) : list.length === 0 ? (
          <div className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <MessageSquare className="size-5 shrink-0" aria-hidden />
            {t('reviews.empty')}
          </div>
        ) : (
          <>
            <ul aria-label={t('reviews.listLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
              {list.map((review) => (
                <li key={review.id} className="py-5 first:pt-0">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-slate-900 dark:text-white">{review.user_name}</p>
                    <time dateTime={review.created_at} className="text-xs text-slate-500 dark:text-slate-400">
                      {formatDate(review.created_at)}
                    </time>
                  </div>
                  <RatingStars rating={review.rating} className="mt-1" />
                  <p className="mt-2 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{review.comment}</p>
                </li>
              ))}
            </ul>
            <Pagination compact page={data.page} pages={pages} onPageChange={setPage} label={t('reviews.pagination')} />
          </>
        )}
      </div>
    </section>
  );
}
