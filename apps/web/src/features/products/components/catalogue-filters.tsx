import {
  CATEGORIES,
  type CategoryCount,
  FRAMEWORKS,
  GPU_MEMORY_LIMITS,
  HOSTING_FACETS,
  LICENSES,
  type ProductFacets,
} from '@app/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { categoryName, licenseName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import type { CatalogueKey, CatalogueParams } from '../lib/catalogue-params';

export const selectClasses = cn(
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs',
  'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
);

const labelClasses = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

export interface CatalogueFiltersProps {
  params: CatalogueParams;
  /** Product counts per category, when known. */
  counts: CategoryCount[] | undefined;
  onChange: (changes: Partial<Record<CatalogueKey, string | null>>) => void;
  onClear: () => void;
  canClear: boolean;
  /** The current results' facet counts, when known (the listing card's filters show them). */
  facets?: ProductFacets;
}

/** Category, price range and licence. Every change goes straight to the URL. */
export function CatalogueFilters({ params, counts, onChange, onClear, canClear, facets }: CatalogueFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const countOf = (slug: string) => counts?.find((category) => category.slug === slug)?.count;

  return (
    <div className="space-y-6">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-category`} className={labelClasses}>
          {t('products.filters.category')}
        </label>
        <select
          id={`${id}-category`}
          className={selectClasses}
          value={params.category}
          onChange={(event) => onChange({ category: event.target.value })}
        >
          <option value="">{t('products.filters.allCategories')}</option>
          {CATEGORIES.map((category) => {
            const count = countOf(category.slug);
            return (
              <option key={category.slug} value={category.slug}>
                {count === undefined
                  ? categoryName(category.slug)
                  : t('products.filters.withCount', { name: categoryName(category.slug), count })}
              </option>
            );
          })}
        </select>
      </div>
      <PriceRange min={params.min_price} max={params.max_price} onApply={onChange} />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-license`} className={labelClasses}>
          {t('products.filters.license')}
        </label>
        <select
          id={`${id}-license`}
          className={selectClasses}
          value={params.license}
          onChange={(event) => onChange({ license: event.target.value })}
        >
          <option value="">{t('products.filters.anyLicense')}</option>
          {LICENSES.map((license) => (
            <option key={license.slug} value={license.slug}>
              {licenseName(license.slug)}
            </option>
          ))}
        </select>
      </div>
      <CardFilters params={params} facets={facets} onChange={onChange} />
      <label className="flex items-center gap-2.5 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-indigo-600"
          checked={params.featured === 'true'}
          onChange={(event) => onChange({ featured: event.target.checked ? 'true' : null })}
        />
        {t('products.filters.featured')}
      </label>
      {canClear && (
        <Button variant="outline" className="w-full" onClick={onClear}>
          {t('products.filters.clear')}
        </Button>
      )}
    </div>
  );
}

interface PriceRangeProps {
  min: string;
  max: string;
  onApply: (changes: { min_price: string | null; max_price: string | null }) => void;
}

/** Typed freely, applied with Enter or the button, so the URL does not change on every keystroke. */
function PriceRange({ min, max, onApply }: PriceRangeProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState({ min, max });
  const [error, setError] = useState<string | null>(null);

  // A new URL (back button, cleared filters) replaces what was typed.
  useEffect(() => {
    setDraft({ min, max });
    setError(null);
  }, [min, max]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const low = draft.min.trim();
    const high = draft.max.trim();
    if (low !== '' && high !== '' && Number(low) > Number(high)) {
      setError(t('products.filters.priceOrder'));
      return;
    }
    setError(null);
    onApply({ min_price: low || null, max_price: high || null });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1.5" aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className={labelClasses}>
        {t('products.filters.price')}
      </p>
      <div className="flex items-center gap-2">
        <Input
          aria-label={t('products.filters.minPrice')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          placeholder={t('products.filters.minPlaceholder')}
          value={draft.min}
          onChange={(event) => setDraft({ ...draft, min: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10"
        />
        <span aria-hidden className="text-slate-400">
          –
        </span>
        <Input
          aria-label={t('products.filters.maxPrice')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          placeholder={t('products.filters.maxPlaceholder')}
          value={draft.max}
          onChange={(event) => setDraft({ ...draft, max: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" size="sm" className="w-full">
        {t('products.filters.applyPrice')}
      </Button>
    </form>
  );
}

/**
 * The AI listing card's filters: framework, licence allows commercial use, GPU memory and hosting,
 * each option with its count in the current results when the answer has them.
 */
function CardFilters({
  params,
  facets,
  onChange,
}: {
  params: CatalogueParams;
  facets: ProductFacets | undefined;
  onChange: CatalogueFiltersProps['onChange'];
}) {
  const { t } = useTranslation();
  const id = useId();
  const withCount = (name: string, list: { value: string; count: number }[] | undefined, value: string) => {
    const count = list?.find((facet) => facet.value === value)?.count;
    return count === undefined ? name : t('products.filters.withCount', { name, count });
  };
  const select = (
    key: 'framework' | 'max_gpu_memory' | 'hosting',
    label: string,
    options: { value: string; name: string }[],
    list: { value: string; count: number }[] | undefined,
  ) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${key}`} className={labelClasses}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className={selectClasses}
        value={params[key]}
        onChange={(event) => onChange({ [key]: event.target.value || null })}
      >
        <option value="">{t('listingCard.form.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {withCount(option.name, list, option.value)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {select(
        'framework',
        t('listingCard.filters.framework'),
        FRAMEWORKS.map((f) => ({ value: f.slug, name: f.name })),
        facets?.framework,
      )}
      {select(
        'max_gpu_memory',
        t('listingCard.filters.gpuMemory'),
        GPU_MEMORY_LIMITS.map((limit) => ({ value: String(limit), name: t('listingCard.filters.gpuUpTo', { value: limit }) })),
        facets?.gpu_memory,
      )}
      {select(
        'hosting',
        t('listingCard.filters.hosting'),
        HOSTING_FACETS.map((slug) => ({ value: slug, name: t(`listingCard.hostingOptions.${slug}`) })),
        facets?.hosting,
      )}
      <label className="flex items-center gap-2.5 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-indigo-600"
          checked={params.commercial_use === 'true'}
          onChange={(event) => onChange({ commercial_use: event.target.checked ? 'true' : null })}
        />
        {withCount(t('listingCard.filters.commercialUse'), facets?.commercial_use, 'true')}
      </label>
    </>
  );
}
