import type { ProductDetail } from '@app/shared';
import { ChevronRight, Download, PackageX, ScanSearch, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { AddToCartButton } from '@/components/add-to-cart-button';
import { CompareToggle } from '@/components/compare-toggle';
import { DocumentTitle } from '@/components/document-title';
import { PayWhatYouWantField } from '@/components/pay-what-you-want-field';
import { ProductGrid, sellerPath } from '@/components/product-card';
import { ProductPrice } from '@/components/product-price';
import { RatingStars } from '@/components/rating-stars';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { OffThreadMarkdown } from '@/features/community/components/off-thread-markdown';
import { DatasetPreviews } from '@/features/dataset-previews/components/dataset-previews';
import { ProductUpdateNotes } from '@/features/product-updates/components/product-update-notes';
import { ProductReviews } from '@/features/reviews/components/product-reviews';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { categoryName, licenseName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useProduct } from '../api/get-product';
import { ListingCard } from '../components/listing-card';
import { ProductFiles } from '../components/product-files';
import { ProductGallery } from '../components/product-gallery';
import { VersionHistory } from '../components/version-history';

/**
 * Only the product's own seller sees the buy-button panel, so a visitor never loads its code (nor the
 * shared buy-button schema it brings, which needs zod). It shows nothing until its snippet has loaded.
 */
const BuyButtonPanel = lazy(async () => ({
  default: (await import('@/features/buy-buttons/components/buy-button-panel')).BuyButtonPanel,
}));

/** The parts below the first screen, shown one after another while the app takes over the document (`useLaterParts`). */
const LATER_PARTS = 4;
/** Whether the next product view is the first of this document. */
let firstView = true;

/**
 * How many of the page's parts below the first screen to show. When the app takes over a product
 * page the server painted (a document opened afresh, no #fragment to scroll to), its first render
 * shows the first screen only and adds the parts below it one a frame: the description, the files and
 * versions, the reviews, the related products. One render of the whole page made the browser style,
 * lay out and paint all of it in one task after the commit, and run every section's effects (their
 * requests) in the next, each too long on a slow phone (Lighthouse counts what a task holds the main
 * thread past 50 ms as blocking time). Nothing above moves: the parts only add to the page's end,
 * which keeps a screen's height below the first screen until all are there. Any later view (a link,
 * Back, a reload that restores the scroll position) shows the whole page at once.
 */
function useLaterParts(): number {
  // The document's first history entry ('default') is the page the server painted.
  const { key } = useLocation();
  const [shown, setShown] = useState(() => (firstView && key === 'default' && opensAtTop() ? 0 : LATER_PARTS));
  useEffect(() => {
    firstView = false;
  }, []);
  useEffect(() => {
    if (shown >= LATER_PARTS) return;
    // After the next frame has painted the parts shown so far; a tab in the background paints no frames.
    let timer = 0;
    const next = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      timer = window.setTimeout(() => startTransition(() => setShown((count) => Math.max(count, shown + 1))));
    };
    const frame = requestAnimationFrame(next);
    timer = window.setTimeout(next, 200);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  return shown;
}

/** A document opened afresh at no #fragment: the page starts at its top (lib/scroll-positions.ts). */
function opensAtTop(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'navigate' && !window.location.hash;
}

export function ProductDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isPending) return <ProductDetailSkeleton />;
  if (product.isError) {
    if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400)) {
      return <ProductNotFound />;
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert tone="error" title={t('products.detail.loadFailed')}>
          <p>{translateMessage(errorMessage(product.error, t('common.operationFailed')))}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void product.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </Alert>
      </div>
    );
  }
  return <ProductView product={product.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const viewer = useAuth().user;
  const later = useLaterParts();
  // Pay what you want: the buyer's amount (undefined: the suggested price as shown; null: not a valid amount yet).
  const [amount, setAmount] = useState<number | null | undefined>(undefined);
  const images =
    product.images.length > 0
      ? product.images
      : [product.image ?? product.image_url].filter((src): src is string => Boolean(src));
  const discount =
    !product.pay_what_you_want && product.original_price && product.original_price > product.price
      ? Math.round((1 - product.price / product.original_price) * 100)
      : 0;

  const facts = [
    {
      label: t('products.detail.seller'),
      value:
        product.seller && product.seller_id ? (
          <Link
            to={sellerPath(product.seller_id, product.seller)}
            className="text-indigo-600 hover:underline dark:text-indigo-400"
          >
            {product.seller}
          </Link>
        ) : (
          product.seller || t('productCard.unknownSeller')
        ),
    },
    {
      label: t('products.detail.category'),
      value: (
        <Link
          to={`/products?category=${encodeURIComponent(product.category_slug)}`}
          className="text-indigo-600 hover:underline dark:text-indigo-400"
        >
          {categoryName(product.category)}
        </Link>
      ),
    },
    { label: t('products.detail.license'), value: licenseName(product.license) },
    { label: t('products.detail.sales'), value: t('products.detail.salesCount', { count: product.sales_count }) },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <DocumentTitle title={product.title} />
      <nav aria-label={t('products.detail.breadcrumb')} className="mb-6">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
          <li>
            <Link to="/products" className="hover:text-slate-900 dark:hover:text-white">
              {t('products.title')}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link
              to={`/products?category=${encodeURIComponent(product.category_slug)}`}
              className="hover:text-slate-900 dark:hover:text-white"
            >
              {categoryName(product.category)}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="max-w-64 truncate font-medium text-slate-900 dark:text-white">
            {product.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-10 lg:grid-cols-2">
        <ProductGallery key={product.id} images={images} title={product.title} />
        <div>
          <p className="text-sm font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
            {categoryName(product.category)}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{product.title}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <RatingStars rating={product.rating} size="md" />
            <a href="#reviews" className="text-slate-600 hover:underline dark:text-slate-400">
              {product.review_count > 0
                ? t('products.detail.ratingSummary', { rating: product.rating.toFixed(1), count: product.review_count })
                : t('productCard.noReviews')}
            </a>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <ProductPrice
              price={product.price}
              originalPrice={product.original_price}
              payWhatYouWant={product.pay_what_you_want}
              size="lg"
            />
            {discount > 0 && (
              <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300">
                {t('products.detail.save', { percent: discount })}
              </span>
            )}
          </div>
          {product.short_description && (
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{product.short_description}</p>
          )}
          {product.pay_what_you_want && (
            <PayWhatYouWantField
              key={product.id}
              className="mt-6"
              minimum={product.price}
              suggested={product.suggested_price}
              value={product.suggested_price ?? product.price}
              onChange={setAmount}
            />
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            <AddToCartButton
              productId={product.id}
              title={product.title}
              price={product.price}
              amount={
                product.pay_what_you_want
                  ? amount === undefined
                    ? (product.suggested_price ?? product.price)
                    : amount
                  : undefined
              }
              size="lg"
              className="flex-1 sm:flex-none"
              label={t('products.detail.addToCart')}
            />
            {!viewer && (
              // A visitor without an account buys with only an e-mail address (decision 0046).
              <Link
                to={`/guest-checkout?product=${encodeURIComponent(product.id)}${
                  product.pay_what_you_want && typeof amount === 'number' ? `&amount=${amount}` : ''
                }`}
                className={buttonClasses('secondary', 'lg', 'flex-1 sm:flex-none')}
              >
                {t('guest.buyAsGuest')}
              </Link>
            )}
            <WishlistButton productId={product.id} showLabel />
            <CompareToggle productId={product.id} title={product.title} />
          </div>
          <dl className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
            {facts.map((fact) => (
              <div key={fact.label} className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-500 dark:text-slate-400">{fact.label}</dt>
                <dd className="text-right font-medium text-slate-900 dark:text-white">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-6 grid gap-3 text-sm text-slate-600 sm:grid-cols-2 dark:text-slate-400">
            <li className="flex items-center gap-2">
              <Download className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
              {t('products.detail.instantDownload')}
            </li>
            <li className="flex items-center gap-2">
              <ShieldCheck className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
              {t('products.detail.reviewedListing')}
            </li>
            {product.scanned_at && (
              <li className="flex items-center gap-2" title={t('scan.scannedTitle', { date: formatDate(product.scanned_at) })}>
                <ScanSearch className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
                <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300">
                  {t('scan.scannedBadge', { date: formatDate(product.scanned_at) })}
                </span>
              </li>
            )}
          </ul>
        </div>
      </div>

      <div
        className={cn(
          'mt-14 grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]',
          // Until every part is there, a screen's height keeps the footer out of view (it must not move in sight).
          later < LATER_PARTS && 'min-h-screen',
        )}
      >
        {later >= 1 && (
          <div className="min-w-0">
            <section aria-labelledby="description-title">
              <h2 id="description-title" className="text-2xl font-bold text-slate-900 dark:text-white">
                {t('products.detail.description')}
              </h2>
              {/*
              Markdown as the forum renders it: no raw HTML, scripts or javascript: links. The parser
              (marked, ~15 kB compressed) loads and runs in a worker, so neither the first screen nor the
              main thread waits for it; the plain text stands in for the moment it takes. The page's
              title is its one h1: the seller's highest heading becomes h3, under the section's h2.
            */}
              <OffThreadMarkdown
                source={product.description}
                topHeadingLevel={3}
                className="mt-4 text-slate-700 [&_pre_code]:p-0 dark:text-slate-300"
                fallback={<p className="mt-4 whitespace-pre-line text-slate-700 dark:text-slate-300">{product.description}</p>}
              />
              {product.tags.length > 0 && (
                <ul aria-label={t('products.detail.tags')} className="mt-6 flex flex-wrap gap-2">
                  {product.tags.map((tag) => (
                    <li key={tag}>
                      <Link
                        to={`/products?search=${encodeURIComponent(tag)}`}
                        className="inline-block rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-indigo-950"
                      >
                        #{tag}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
                <Link
                  to={`/community?product=${product.id}`}
                  className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {t('community.askAboutProduct')}
                </Link>
              </p>
            </section>
            <ListingCard card={product.card} license={product.license} className="mt-10" />
            {later >= 2 && (
              <>
                <ProductFiles key={product.id} productId={product.id} published={product.status === 'approved'} />
                <VersionHistory key={`versions-${product.id}`} productId={product.id} published={product.status === 'approved'} />
                <DatasetPreviews key={`data-${product.id}`} productId={product.id} published={product.status === 'approved'} />
                <ProductUpdateNotes
                  key={`updates-${product.id}`}
                  productId={product.id}
                  published={product.status === 'approved'}
                />
                {viewer && viewer.id === product.seller_id && (
                  <Suspense fallback={null}>
                    <BuyButtonPanel key={`buy-${product.id}`} productId={product.id} published={product.status === 'approved'} />
                  </Suspense>
                )}
              </>
            )}
          </div>
        )}
        {later >= 3 && <ProductReviews key={product.id} productId={product.id} />}
      </div>

      {later >= 4 && product.related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold text-slate-900 dark:text-white">
            {t('products.detail.related')}
          </h2>
          <ProductGrid className="mt-6" products={product.related} label={t('products.detail.related')} />
        </section>
      )}
    </div>
  );
}

function ProductDetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl animate-pulse px-4 py-8 sm:px-6 lg:px-8" aria-busy="true">
      <span role="status" className="sr-only">
        {t('products.detail.loading')}
      </span>
      <div className="mb-6 h-4 w-64 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="grid gap-10 lg:grid-cols-2" aria-hidden>
        <div className="aspect-[8/5] w-full rounded-xl bg-slate-200 dark:bg-slate-800" />
        <div className="space-y-4">
          <div className="h-4 w-24 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-9 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-5 w-40 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-9 w-32 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-16 w-full rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-12 w-56 rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <DocumentTitle title={t('products.detail.notFoundTitle')} />
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <PackageX className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('products.detail.notFoundTitle')}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('products.detail.notFoundText')}</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
        {t('common.browseProducts')}
      </Link>
    </section>
  );
}

/** Chat product cards link to /product/{id} (spec §2); the canonical page is /products/{id}. */
export function LegacyProductRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/products/${encodeURIComponent(id)}`} replace />;
}
