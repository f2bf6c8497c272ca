import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';

/** The page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1]);
  if (page <= 3) for (const n of [2, 3, 4]) wanted.add(n);
  if (page >= pages - 2) for (const n of [pages - 1, pages - 2, pages - 3]) wanted.add(n);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) out.push(previous + 2 === n ? previous + 1 : null);
    out.push(n);
  }
  return out;
}

export interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
  /** Only Previous and Next (short lists such as reviews). */
  compact?: boolean;
  className?: string;
}

/** Previous / page numbers / Next. Nothing when everything fits on one page. */
export function Pagination({ page, pages, onPageChange, label, compact = false, className }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-1.5', className)}>
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t('pagination.previous')}
      >
        <ChevronLeft className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('pagination.previousShort')}</span>
      </button>
      {compact ? (
        <span className="px-3 text-sm text-slate-600 dark:text-slate-400">{t('pagination.status', { page, pages })}</span>
      ) : (
        pageWindow(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its place
            <span key={`gap-${index}`} aria-hidden className="px-1 text-slate-400">
              …
            </span>
          ) : (
            <button
              key={n}
              type="button"
              aria-label={t('pagination.page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPageChange(n)}
              className={cn(
                buttonClasses(n === page ? 'primary' : 'ghost', 'sm'),
                'min-w-8 px-2 tabular-nums',
                n === page && 'pointer-events-none',
              )}
            >
              {n}
            </button>
          ),
        )
      )}
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
        aria-label={t('pagination.next')}
      >
        <span className="hidden sm:inline">{t('pagination.nextShort')}</span>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
