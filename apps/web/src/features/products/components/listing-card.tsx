import { DATASET_FILE_FORMATS, FRAMEWORKS, formatCount, type ListingCard as ListingCardData, MODEL_FORMATS } from '@app/shared';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { licenseName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { formatBytes, formatNumber } from '@/lib/format';

const nameOf = (list: readonly { slug: string; name: string }[], slug: string) =>
  list.find((item) => item.slug === slug)?.name ?? slug;

interface Row {
  label: string;
  value: ReactNode;
}

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
  const notStated = t('listingCard.notStated');
  const rows: Row[] = [];
  if (card.model) {
    const model = card.model;
    rows.push(
      { label: t('listingCard.task'), value: model.task },
      { label: t('listingCard.framework'), value: nameOf(FRAMEWORKS, model.framework) },
      { label: t('listingCard.modelFormat'), value: nameOf(MODEL_FORMATS, model.model_format) },
      { label: t('listingCard.parameters'), value: model.parameters === null ? notStated : formatCount(model.parameters) },
      {
        label: t('listingCard.gpuMemory'),
        value:
          model.min_gpu_memory_gb === null
            ? notStated
            : model.min_gpu_memory_gb === 0
              ? t('listingCard.noGpu')
              : t('listingCard.gpuValue', { value: formatNumber(model.min_gpu_memory_gb) }),
      },
      { label: t('listingCard.runsOnCpu'), value: yesNo(model.runs_on_cpu) },
    );
  }
  if (card.dataset) {
    const dataset = card.dataset;
    rows.push(
      { label: t('listingCard.rows'), value: formatNumber(dataset.rows) },
      { label: t('listingCard.columns'), value: formatNumber(dataset.columns) },
      {
        label: t('listingCard.fileFormats'),
        value: dataset.file_formats.map((format) => nameOf(DATASET_FILE_FORMATS, format)).join(', '),
      },
      { label: t('listingCard.size'), value: dataset.size_mb === null ? notStated : formatBytes(dataset.size_mb * 1_000_000) },
      { label: t('listingCard.source'), value: dataset.source || notStated },
      { label: t('listingCard.collectionMethod'), value: dataset.collection_method || notStated },
      { label: t('listingCard.personalData'), value: yesNo(dataset.contains_personal_data) },
    );
  }
  if (card.api) {
    const api = card.api;
    rows.push(
      { label: t('listingCard.hosting'), value: t(`listingCard.hostingOptions.${api.hosting}`, { defaultValue: api.hosting }) },
      { label: t('listingCard.rateLimit'), value: api.rate_limit || notStated },
      { label: t('listingCard.languages'), value: api.languages.join(', ') },
    );
  }
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
            <div key={row.label} className="contents">
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
