import { COMPARE_MIN } from '@app/shared';
import { GitCompareArrows } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { comparePath, toggleCompare, useCompareList } from '@/lib/compare-list';
import { buttonClasses } from './ui/button';

/**
 * "Compare": puts the product aside to compare (a toggle, at most 4 kept, the oldest dropped), and
 * once two are aside, links to them side by side.
 */
export function CompareToggle({
  productId,
  title,
  compact = false,
  className,
}: {
  productId: string;
  title: string;
  /** On a card: a small button whose accessible name carries the product's title. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const ids = useCompareList();
  const chosen = ids.includes(productId);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-2', className)}>
      <button
        type="button"
        aria-pressed={chosen}
        aria-label={compact ? t('compare.toggleLabel', { title }) : undefined}
        onClick={() => toggleCompare(productId)}
        className={buttonClasses(chosen ? 'secondary' : 'outline', compact ? 'sm' : 'lg', compact ? 'px-2' : undefined)}
      >
        <GitCompareArrows className="size-4" aria-hidden />
        {compact ? <span aria-hidden>{t('compare.short')}</span> : chosen ? t('compare.added') : t('compare.add')}
      </button>
      {chosen && ids.length >= COMPARE_MIN && (
        <Link to={comparePath(ids)} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {t('compare.open', { count: ids.length })}
        </Link>
      )}
    </span>
  );
}
