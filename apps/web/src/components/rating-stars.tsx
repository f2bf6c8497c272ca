import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface RatingStarsProps {
  /** 0 to 5; fractions fill part of a star. */
  rating: number;
  /** Shown after the stars as '(12)' when given. */
  count?: number;
  size?: 'sm' | 'md';
  className?: string;
}

const FIVE = [1, 2, 3, 4, 5] as const;

/** Five stars filled to the rating, read out as 'Rated 4.5 out of 5, 12 reviews'. */
export function RatingStars({ rating, count, size = 'sm', className }: RatingStarsProps) {
  const { t } = useTranslation();
  const value = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const rounded = Math.round(value * 10) / 10;
  const label =
    count === undefined
      ? t('productCard.rating', { rating: rounded })
      : count === 0
        ? t('productCard.noReviews')
        : `${t('productCard.rating', { rating: rounded })}, ${t('productCard.reviewCount', { count })}`;
  const icon = size === 'md' ? 'size-5' : 'size-4';
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-1.5', className)}>
      <span className="relative inline-flex" aria-hidden>
        <span className="flex text-slate-300 dark:text-slate-600">
          {FIVE.map((n) => (
            <Star key={n} className={cn(icon, 'shrink-0')} />
          ))}
        </span>
        <span className="absolute inset-0 flex overflow-hidden text-amber-400" style={{ width: `${(value / 5) * 100}%` }}>
          {FIVE.map((n) => (
            <Star key={n} className={cn(icon, 'shrink-0 fill-current')} />
          ))}
        </span>
      </span>
      {count !== undefined && (
        <span aria-hidden className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {count > 0 ? `${rounded.toFixed(1)} (${count})` : t('productCard.unrated')}
        </span>
      )}
    </span>
  );
}
