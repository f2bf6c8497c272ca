import type { SummaryLine } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';

/**
 * The price rows of a cart or an order: subtotal, the promo discount with its code, the net and
 * the tax (label, rate, billing country) when taxed, total. Every
 * surface (cart, checkout, success page, orders) renders the rows `summaryLines` (packages/shared)
 * makes from the server's figures, as the receipt e-mail does, so they can never disagree.
 */
export function PriceSummary({ lines, label, className }: { lines: SummaryLine[]; label?: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const rowLabel = (line: Exclude<SummaryLine, { kind: 'total' }>) => {
    if (line.kind === 'discount') return t('cart.totals.discountWithCode', { code: line.code });
    if (line.kind === 'net') return t('cart.totals.net');
    if (line.kind === 'tax') {
      const language = i18n.resolvedLanguage ?? i18n.language;
      const rate = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(line.rateBps / 10_000);
      return t('cart.totals.tax', { label: line.label || t('cart.totals.taxLabel'), rate, country: line.country });
    }
    return t('cart.totals.subtotal');
  };
  return (
    <dl aria-label={label ?? t('cart.totals.label')} className={cn('space-y-2 text-sm', className)}>
      {lines.map((line) =>
        line.kind === 'total' ? (
          <div
            key={line.kind}
            className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base dark:border-slate-800"
          >
            <dt className="font-semibold text-slate-900 dark:text-white">{t('cart.totals.total')}</dt>
            <dd className="font-bold text-slate-900 tabular-nums dark:text-white">{formatMoney(line.cents / 100)}</dd>
          </div>
        ) : (
          <div key={line.kind} className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">{rowLabel(line)}</dt>
            <dd
              className={cn(
                'font-medium tabular-nums',
                line.kind === 'discount' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-900 dark:text-white',
              )}
            >
              {line.kind === 'discount' && line.cents > 0 ? `−${formatMoney(line.cents / 100)}` : formatMoney(line.cents / 100)}
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
