import type { PublicSeller } from '@app/shared';
import { ExternalLink, PackageOpen, UserX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ProductGrid } from '@/components/product-card';
import { RatingStars } from '@/components/rating-stars';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import {
  type CatalogueKey,
  FILTER_KEYS,
  hasFilters,
  readCatalogueParams,
  sortKeyOf,
  toProductQuery,
  withChanges,
} from '@/features/products';
import { CatalogueFilterPanel } from '@/features/products/components/catalogue-filter-panel';
import { SortSelect } from '@/features/products/components/sort-select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useSeller } from '../api/get-seller';
import { useSellerProducts } from '../api/get-seller-products';

/** `/sellers/{id}/{slug}`: who sells, and what they sell, with the catalogue's sort and filters. */
export function SellerProfilePage() {
  const { t } = useTranslation();
  const { id = '', slug } = useParams();
  const seller = useSeller(id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const canonical = seller.data?.slug;
  // Any slug (or none) finds the seller; the address then shows their name as it is now.
  useEffect(() => {
    if (canonical && slug !== canonical) navigate(`/sellers/${encodeURIComponent(id)}/${canonical}${search}`, { replace: true });
  }, [canonical, slug, id, search, navigate]);
  if (seller.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10" aria-busy="true">
        <span role="status" className="sr-only">
          {t('sellerPage.loading')}
        </span>
        <div aria-hidden className="h-24 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800" />
      </div>
    );
  }
  if (seller.isError) {
    if (seller.error instanceof ApiError && seller.error.status === 404) return <SellerNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert tone="error" title={t('sellerPage.loadFailed')}>
          <p>{translateMessage(errorMessage(seller.error, t('common.operationFailed')))}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void seller.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={seller.data.name} />
      <SellerHeader seller={seller.data} />
      <SellerProducts seller={seller.data} />
    </div>
  );
}

function SellerHeader({ seller }: { seller: PublicSeller }) {
  const { t } = useTranslation();
  const initials = seller.name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const figures = [
    { label: t('sellerPage.memberSince'), value: formatDate(seller.member_since) },
    { label: t('sellerPage.products'), value: formatNumber(seller.product_count) },
    { label: t('sellerPage.sales'), value: formatNumber(seller.sales_count) },
    {
      label: t('sellerPage.rating'),
      value:
        seller.review_count > 0 ? (
          <RatingStars rating={seller.average_rating} count={seller.review_count} />
        ) : (
          t('productCard.noReviews')
        ),
    },
  ];
  return (
    <section aria-labelledby="seller-name" className="flex flex-col gap-6 md:flex-row md:items-start">
      {seller.avatar ? (
        <img src={seller.avatar} alt="" className="size-24 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        <span
          aria-hidden
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-2xl font-semibold text-white"
        >
          {initials}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
          {t('sellerPage.eyebrow')}
        </p>
        <h1 id="seller-name" className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {seller.name}
        </h1>
        {seller.bio && <p className="mt-3 max-w-3xl whitespace-pre-line text-slate-700 dark:text-slate-300">{seller.bio}</p>}
        {seller.links.length > 0 && (
          <ul aria-label={t('sellerPage.links')} className="mt-3 flex flex-wrap gap-3 text-sm">
            {seller.links.map((link) => (
              <li key={`${link.label}-${link.url}`}>
                <a
                  href={link.url}
                  rel="nofollow noopener noreferrer ugc"
                  target="_blank"
                  className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {link.label}
                  <ExternalLink className="size-3.5" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-800">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{figure.label}</dt>
              <dd className="mt-1 font-semibold text-slate-900 dark:text-white">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function SellerProducts({ seller }: { seller: PublicSeller }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The seller page has no search box: a stray ?search= in a link does not narrow it unseen.
  const params = { ...readCatalogueParams(searchParams), search: '' };
  const products = useSellerProducts(seller.id, toProductQuery(params));
  // As on the catalogue: every change but the page's starts again from page 1, and the next change
  // starts from this one's URL even when two controls change faster than a deferred render.
  const change = (changes: Partial<Record<CatalogueKey, string | number | null>>) =>
    setSearchParams((current) => withChanges(current, changes), { replace: !('page' in changes), flushSync: true });
  const clearFilters = () => change(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])));
  const filtered = hasFilters(params);
  const data = products.data;
  const list = data?.products;
  const categoryCounts = data?.facets.category.map((facet) => ({ slug: facet.value, name: facet.label, count: facet.count }));

  return (
    <section aria-labelledby="seller-products" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-6 dark:border-slate-800">
        <h2 id="seller-products" className="text-2xl font-bold text-slate-900 dark:text-white">
          {t('sellerPage.productsBy', { name: seller.name })}
        </h2>
        {seller.product_count > 0 && (
          <SortSelect
            value={sortKeyOf(params)}
            searching={false}
            onChange={(option) => change({ sort_by: option.sort_by, sort_order: option.sort_order })}
          />
        )}
      </div>
      {seller.product_count === 0 ? (
        <EmptyState text={t('sellerPage.noProducts', { name: seller.name })} />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
          <CatalogueFilterPanel
            params={params}
            categoryCounts={categoryCounts}
            facets={data?.facets}
            showFacets
            sampled={data?.total_capped ?? false}
            onChange={change}
            onClear={clearFilters}
          />
          <div className="min-w-0">
            {products.isError && !data ? (
              <Alert tone="error" title={t('sellerPage.productsFailed')}>
                <p>{translateMessage(errorMessage(products.error, t('common.operationFailed')))}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void products.refetch()}>
                  {t('errors.tryAgain')}
                </Button>
              </Alert>
            ) : data && list && list.length === 0 ? (
              <EmptyState
                text={
                  data.total > 0
                    ? t('products.emptyPage')
                    : filtered
                      ? t('sellerPage.noMatches')
                      : t('sellerPage.noProducts', { name: seller.name })
                }
              >
                {data.total > 0 ? (
                  <Button className="mt-6" onClick={() => change({ page: null })}>
                    {t('products.firstPage')}
                  </Button>
                ) : (
                  filtered && (
                    <Button className="mt-6" onClick={clearFilters}>
                      {t('products.filters.clear')}
                    </Button>
                  )
                )}
              </EmptyState>
            ) : (
              <>
                <ProductGrid
                  stale={products.isPlaceholderData}
                  products={list}
                  columns={3}
                  label={t('sellerPage.productsBy', { name: seller.name })}
                />
                {data && data.pages > 1 && (
                  <Pagination
                    className="mt-8"
                    page={params.page}
                    pages={data.pages}
                    onPageChange={(page) => change({ page })}
                    label={t('sellerPage.pagination')}
                  />
                )}
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <PackageOpen className="size-8 text-slate-500" aria-hidden />
      <p className="mt-3 text-slate-700 dark:text-slate-300">{text}</p>
      {children}
    </div>
  );
}

function SellerNotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <DocumentTitle title={t('sellerPage.notFoundTitle')} />
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <UserX className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('sellerPage.notFoundTitle')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('sellerPage.notFoundText')}</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
        {t('common.browseProducts')}
      </Link>
    </section>
  );
}
