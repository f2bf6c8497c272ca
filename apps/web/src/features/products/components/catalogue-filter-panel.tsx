import type { CategoryCount, ProductFacets } from '@app/shared';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { activeFilterCount, type CatalogueKey, type CatalogueParams } from '../lib/catalogue-params';
import { CatalogueFilters } from './catalogue-filters';
import { SearchFacets } from './search-facets';

export interface CatalogueFilterPanelProps {
  params: CatalogueParams;
  /** Product counts per category, when known. */
  categoryCounts: CategoryCount[] | undefined;
  /** The current answer's facet counts, when it has arrived. */
  facets: ProductFacets | undefined;
  /** Show the clickable facet counts (price bands, rating…) under the filters. */
  showFacets: boolean;
  /** True when the counts cover only the first matches. */
  sampled: boolean;
  onChange: (changes: Partial<Record<CatalogueKey, string | null>>) => void;
  onClear: () => void;
}

/**
 * The catalogue's filter panel: filters, then facet counts; on small screens folded away behind a
 * button (which counts the active filters) so the products come first. The catalogue and the
 * seller page share it.
 */
export function CatalogueFilterPanel({
  params,
  categoryCounts,
  facets,
  showFacets,
  sampled,
  onChange,
  onClear,
}: CatalogueFilterPanelProps) {
  const { t } = useTranslation();
  const filtersId = useId();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(params);
  return (
    <aside aria-label={t('products.filters.title')}>
      <h2 className="mb-4 hidden items-center gap-2 text-sm font-semibold tracking-wide text-slate-900 uppercase lg:flex dark:text-white">
        <SlidersHorizontal className="size-4" aria-hidden />
        {t('products.filters.title')}
      </h2>
      <Button
        variant="outline"
        className="w-full lg:hidden"
        aria-expanded={open}
        aria-controls={filtersId}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        {active > 0 ? t('products.filters.toggleActive', { count: active }) : t('products.filters.title')}
      </Button>
      <div id={filtersId} className={cn('mt-4 lg:mt-0', !open && 'hidden lg:block')}>
        <CatalogueFilters
          params={params}
          counts={categoryCounts}
          onChange={onChange}
          onClear={onClear}
          canClear={active > 0}
          facets={facets}
        />
        {showFacets && facets && (
          <div className="mt-8">
            <SearchFacets facets={facets} params={params} sampled={sampled} onChange={onChange} />
          </div>
        )}
      </div>
    </aside>
  );
}
