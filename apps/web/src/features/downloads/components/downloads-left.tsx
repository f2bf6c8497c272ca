import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** "Downloads left: 2 of 3" under an order line whose seller caps downloads; nothing for an unlimited one. */
export function DownloadsLeft({ limit, left }: { limit?: number | null; left?: number | null }) {
  const { t } = useTranslation();
  if (limit === null || limit === undefined || left === null || left === undefined) return null;
  return (
    <span
      className={cn(
        'block text-xs',
        left === 0 ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400',
      )}
    >
      {left === 0 ? t('orders.noDownloadsLeft', { limit }) : t('orders.downloadsLeft', { left, limit })}
    </span>
  );
}
