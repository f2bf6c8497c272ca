import type { ListingCard as ListingCardData } from '@app/shared';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { licenseName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { listingCardRows } from '@/lib/listing-card-rows';

/**
 * The AI listing card as buyers (and admins in review) see it: the category's fields and the
 * licence with what it allows, in plain words. Renders nothing for a product without a card.
 */
export function ListingCard({
  card,
  license,
  headingLevel = 2,
  className,
}: {
  card: ListingCardData | undefined;
  /** The product's licence (name or slug). */
  license: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!card) return null;
  const yesNo = (value: boolean) => (value ? t('listingCard.yes') : t('listingCard.no'));
  const rows = listingCardRows(card, t);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const terms: [string, boolean][] = [
    [t('listingCard.commercialUse'), card.commercial_use],
    [t('listingCard.redistribution'), card.redistribution],
    [t('listingCard.modification'), card.modification],
  ];
  return (
    <section
      aria-labelledby="listing-card-title"
      className={cn('rounded-2xl border border-slate-200 p-5 dark:border-slate-800', className)}
    >
      <Heading
        id="listing-card-title"
        className={cn('font-bold text-slate-900 dark:text-white', headingLevel === 2 ? 'text-2xl' : 'text-sm')}
      >
        {t('listingCard.title')}
      </Heading>
      {rows.length > 0 && (
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map((row) => (
            <div key={row.key} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{row.label}</dt>
              <dd className="font-medium break-words text-slate-900 dark:text-white">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <p className="text-sm">
          <span className="text-slate-500 dark:text-slate-400">{t('listingCard.license')}: </span>
          <span className="font-semibold text-slate-900 dark:text-white">{licenseName(license)}</span>
        </p>
        <ul aria-label={t('listingCard.license')} className="mt-2 flex flex-wrap gap-2">
          {terms.map(([label, allowed]) => (
            <li
              key={label}
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
                allowed
                  ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
                  : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
              )}
            >
              {allowed ? <Check className="size-3.5" aria-hidden /> : <X className="size-3.5" aria-hidden />}
              {label}: {yesNo(allowed)}
            </li>
          ))}
        </ul>
        {card.license_text && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-indigo-700 dark:text-indigo-300">
              {t('listingCard.licenseText')}
            </summary>
            <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{card.license_text}</p>
          </details>
        )}
      </div>
    </section>
  );
}
