import { PRICE_BANDS, PRODUCT_TOTAL_CAP, type ProductFacets } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import type { CatalogueKey, CatalogueParams } from '../lib/catalogue-params';

export interface SearchFacetsProps {
  facets: ProductFacets;
  params: CatalogueParams;
  /** True when the counts cover only the first PRODUCT_TOTAL_CAP matches. */
  sampled: boolean;
  onChange: (changes: Partial<Record<CatalogueKey, string | null>>) => void;
}

interface Option {
  value: string;
  label: string;
  count: number;
  active: boolean;
  select: Partial<Record<CatalogueKey, string | null>>;
}

/** Counts per category, licence, price band and rating for the current results; a click filters by it. */
export function SearchFacets({ facets, params, sampled, onChange }: SearchFacetsProps) {
  const { t } = useTranslation();
  const band = (value: string) => PRICE_BANDS.find((b) => b.slug === value);
  const groups: { key: string; title: string; options: Option[] }[] = [
    {
      key: 'category',
      title: t('products.facets.category'),
      options: facets.category.map((f) => ({
        ...f,
        active: params.category === f.value,
        select: { category: params.category === f.value ? null : f.value },
      })),
    },
    {
      key: 'license',
      title: t('products.facets.license'),
      options: facets.license.map((f) => ({
        ...f,
        active: params.license === f.value,
        select: { license: params.license === f.value ? null : f.value },
      })),
    },
    {
      key: 'price',
      title: t('products.facets.price'),
      options: facets.price.map((f) => {
        const range = band(f.value);
        const min = String(range?.min ?? '');
        const max = range?.max === null || range?.max === undefined ? '' : String(range.max);
        const active = params.min_price === min && params.max_price === max;
        return {
          ...f,
          active,
          select: active ? { min_price: null, max_price: null } : { min_price: min, max_price: max || null },
        };
      }),
    },
    {
      key: 'rating',
      title: t('products.facets.rating'),
      options: facets.rating.map((f) => ({
        ...f,
        label: t('products.facets.ratingAtLeast', { count: Number(f.value) }),
        active: params.min_rating === f.value,
        select: { min_rating: params.min_rating === f.value ? null : f.value },
      })),
    },
    // The listing card's facets (absent from answers cached before they existed).
    {
      key: 'framework',
      title: t('listingCard.filters.framework'),
      options: (facets.framework ?? []).map((f) => ({
        ...f,
        active: params.framework === f.value,
        select: { framework: params.framework === f.value ? null : f.value },
      })),
    },
    {
      key: 'commercial_use',
      title: t('listingCard.license'),
      options: (facets.commercial_use ?? []).map((f) => ({
        ...f,
        label: t('listingCard.filters.commercialUse'),
        active: params.commercial_use === 'true',
        select: { commercial_use: params.commercial_use === 'true' ? null : 'true' },
      })),
    },
    {
      key: 'gpu_memory',
      title: t('listingCard.filters.gpuMemory'),
      options: (facets.gpu_memory ?? []).map((f) => ({
        ...f,
        label: t('listingCard.filters.gpuUpTo', { value: f.value }),
        active: params.max_gpu_memory === f.value,
        select: { max_gpu_memory: params.max_gpu_memory === f.value ? null : f.value },
      })),
    },
    {
      key: 'hosting',
      title: t('listingCard.filters.hosting'),
      options: (facets.hosting ?? []).map((f) => ({
        ...f,
        label: t(`listingCard.hostingOptions.${f.value}`, { defaultValue: f.label }),
        active: params.hosting === f.value,
        select: { hosting: params.hosting === f.value ? null : f.value },
      })),
    },
  ];

  return (
    <section aria-labelledby="facets-title" className="space-y-5">
      <h2 id="facets-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
        {t('products.facets.title')}
      </h2>
      {groups.map((group) => {
        const shown = group.options.filter((option) => option.count > 0 || option.active);
        if (shown.length === 0) return null;
        return (
          <div key={group.key}>
            <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">{group.title}</h3>
            <ul className="mt-2 space-y-1">
              {shown.map((option) => (
                <li key={option.value}>
                  <button
                    type="button"
                    aria-pressed={option.active}
                    aria-label={t('products.facets.option', { label: option.label, count: option.count })}
                    onClick={() => onChange(option.select)}
                    className={cn(
                      'flex w-full items-center justify-between rounded-md px-2 py-1 text-left text-sm',
                      'hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-slate-800',
                      option.active
                        ? 'bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                        : 'text-slate-700 dark:text-slate-300',
                    )}
                  >
                    <span>{option.label}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">{formatNumber(option.count)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {sampled && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('products.facets.sampled', { limit: formatNumber(PRODUCT_TOTAL_CAP) })}
        </p>
      )}
    </section>
  );
}
