import { CATEGORIES } from '@app/shared';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ProductGrid } from '@/components/product-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { categoryName } from '@/lib/catalog-names';
import { formatNumber } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { usePagedList } from '@/lib/use-paged-list';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../api/get-products';
import { CatalogueFilterPanel } from '../components/catalogue-filter-panel';
import { SortSelect } from '../components/sort-select';
import {
  CATALOGUE_PAGE_SIZE,
  type CatalogueKey,
  FILTER_KEYS,
  hasFilters,
  readCatalogueParams,
  sortKeyOf,
  toProductQuery,
  withChanges,
} from '../lib/catalogue-params';

/** The catalogue: search, filters, sort and page all live in the URL (`?search=&category=&…&page=`). */
export function ProductsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCatalogueParams(searchParams);
  const products = useProducts(toProductQuery(params), { keepPrevious: true });
  const categories = useCategories();

  // flushSync: the next change must start from this one's URL, even when a visitor changes two
  // controls faster than a deferred render would commit the first.
  const change = (changes: Partial<Record<CatalogueKey, string | number | null>>) =>
    setSearchParams((current) => withChanges(current, changes), { flushSync: true });
  const clearFilters = () => change(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])));
  const clearAll = () => change({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])), search: null });
  // A new URL scrolls back to the top of the page (ScrollRestoration).
  const goToPage = (page: number) => change({ page });

  const data = products.data;
  const { items: list, pages } = usePagedList(products, 'products');
  const category = CATEGORIES.find((candidate) => candidate.slug === params.category);
  const title = params.search
    ? t('products.resultsFor', { search: params.search })
    : params.featured
      ? t('products.featuredTitle')
      : category
        ? categoryName(category.slug)
        : t('products.title');
  const filtered = hasFilters(params);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={title} />
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-6 dark:border-slate-800">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          <p className="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400" role="status">
            {data
              ? data.total_capped
                ? t('products.totalCapped', { count: formatNumber(data.total) })
                : t('products.total', { count: data.total })
              : ''}
          </p>
          {data?.did_you_mean && data.did_you_mean !== params.search.toLowerCase() && (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {t('products.didYouMean')}{' '}
              <button
                type="button"
                className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300"
                onClick={() => change({ search: data.did_you_mean })}
              >
                {data.did_you_mean}
              </button>
              ?
            </p>
          )}
        </div>
        <SortSelect
          value={sortKeyOf(params)}
          searching={Boolean(params.search)}
          onChange={(option) => change({ sort_by: option.sort_by, sort_order: option.sort_order })}
        />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <CatalogueFilterPanel
          params={params}
          categoryCounts={categories.data?.categories}
          facets={data?.facets}
          showFacets={Boolean(params.search)}
          sampled={data?.total_capped ?? false}
          onChange={change}
          onClear={clearFilters}
        />

        <section aria-label={t('products.resultsLabel')} className="min-w-0">
          {products.isError && !data ? (
            <Alert tone="error" title={t('products.loadFailed')}>
              <p>{translateMessage(errorMessage(products.error, t('common.operationFailed')))}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void products.refetch()}>
                {t('errors.tryAgain')}
              </Button>
            </Alert>
          ) : data && list.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
              <SearchX className="size-10 text-slate-400" aria-hidden />
              <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {data.total > 0 ? t('products.emptyPage') : t('products.emptyTitle')}
              </h2>
              <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
                {params.search && data.total === 0 ? t('search.noResults', { text: params.search }) : t('products.emptyText')}
              </p>
              {data.total > 0 ? (
                <Button className="mt-6" onClick={() => goToPage(1)}>
                  {t('products.firstPage')}
                </Button>
              ) : (
                (filtered || params.search) && (
                  <Button className="mt-6" onClick={clearAll}>
                    {params.search ? t('products.clearSearch') : t('products.filters.clear')}
                  </Button>
                )
              )}
            </div>
          ) : (
            <>
              <ProductGrid
                products={data?.products}
                skeletons={CATALOGUE_PAGE_SIZE}
                label={t('products.resultsLabel')}
                columns={3}
                stale={products.isPlaceholderData}
              />
              {data && (
                <Pagination
                  className="mt-10"
                  page={params.page}
                  pages={pages}
                  onPageChange={goToPage}
                  label={t('pagination.label')}
                />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
