import { type PublicProduct, sellerSlug } from '@app/shared';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { useOwnedProducts } from '@/lib/owned-products';
import { CompareToggle } from './compare-toggle';
import { InLibrary } from './in-library';
import { ProductPrice } from './product-price';
import { ProductThumbnail } from './product-thumbnail';
import { RatingStars } from './rating-stars';

export type ProductCardData = Pick<
  PublicProduct,
  'id' | 'title' | 'images' | 'image' | 'category' | 'seller' | 'rating' | 'review_count' | 'price' | 'original_price'
> &
  /** When known, the seller's name links to their page; pay what you want shows "from" the minimum. */
  Partial<Pick<PublicProduct, 'seller_id' | 'pay_what_you_want'>>;

/** A seller's public page, with their name in the address when it is known. */
export function sellerPath(sellerId: string, name?: string): string {
  const base = `/sellers/${encodeURIComponent(sellerId)}`;
  return name ? `${base}/${sellerSlug(name)}` : base;
}

/** The cover: the first image, else `image`; the 'AI' tile when there is none. */
export function coverOf(product: Pick<PublicProduct, 'images' | 'image'>): string | null {
  return product.images?.[0] || product.image || null;
}

export interface ProductCardProps {
  product: ProductCardData;
  /** A control on the card (a remove button); it sits above the card-wide link. */
  action?: ReactNode;
  className?: string;
  /** The first card of a page: its picture is likely the largest paint, so it is not lazy. */
  priority?: boolean;
}

/** A catalogue tile: the whole card opens the product; its title is the link's name. */
export function ProductCard({ product, action, className, priority }: ProductCardProps) {
  const { t } = useTranslation();
  // A card whose action is an add-to-cart button shows "In your library" there instead.
  const owned = useOwnedProducts().has(product.id) && !action;
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-xs transition',
        'focus-within:ring-2 focus-within:ring-indigo-500 hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md',
        'dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700',
        className,
      )}
    >
      <ProductThumbnail src={coverOf(product)} className="aspect-[8/5] w-full text-3xl" priority={priority} />
      <div className="flex flex-1 flex-col px-1 pt-3 pb-1">
        <p className="text-xs font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
          {product.category ? categoryName(product.category) : t('productCard.fallbackCategory')}
        </p>
        <h3 className="mt-1 line-clamp-2 font-semibold text-slate-900 dark:text-white">
          <Link
            to={`/products/${product.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
          >
            {product.title}
          </Link>
        </h3>
        <p className="mt-1 truncate text-sm text-slate-500 dark:text-slate-400">
          {product.seller_id && product.seller ? (
            <Trans
              i18nKey="productCard.byLink"
              values={{ seller: product.seller }}
              components={{
                seller: (
                  <Link
                    to={sellerPath(product.seller_id, product.seller)}
                    className="relative z-10 text-slate-700 hover:text-indigo-700 hover:underline dark:text-slate-300 dark:hover:text-indigo-300"
                  />
                ),
              }}
            />
          ) : (
            t('productCard.by', { seller: product.seller || t('productCard.unknownSeller') })
          )}
        </p>
        <RatingStars rating={product.rating} count={product.review_count} className="mt-2" />
        {owned && <InLibrary productId={product.id} title={product.title} className="relative z-10 mt-2" />}
        <div className="mt-auto flex items-end justify-between gap-2 pt-3">
          <ProductPrice price={product.price} originalPrice={product.original_price} payWhatYouWant={product.pay_what_you_want} />
          <div className="relative z-10 flex items-center justify-end gap-2">
            <CompareToggle productId={product.id} title={product.title} compact className="justify-end" />
            {action}
          </div>
        </div>
      </div>
    </article>
  );
}

/** The same shape while products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden className="flex h-full animate-pulse flex-col rounded-2xl border border-slate-200 p-3 dark:border-slate-800">
      <div className="aspect-[8/5] w-full rounded-xl bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-3 h-4 w-4/5 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-2 h-3 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 h-5 w-1/4 rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

export interface ProductGridProps {
  products: ProductCardData[] | undefined;
  /** How many skeletons to show while `products` is undefined. */
  skeletons?: number;
  /** Accessible name of the list. */
  label: string;
  renderAction?: (product: ProductCardData) => ReactNode;
  /** Cards per row on wide screens. */
  columns?: 3 | 4;
  /** The cards shown are the previous answer while a new one loads: dimmed and marked busy. */
  stale?: boolean;
  className?: string;
}

/** A responsive grid of cards, or skeleton cards until the products arrive. */
export function ProductGrid({
  products,
  skeletons = 8,
  label,
  renderAction,
  columns = 4,
  stale = false,
  className,
}: ProductGridProps) {
  const { t } = useTranslation();
  const grid = cn('grid gap-5 sm:grid-cols-2 lg:grid-cols-3', columns === 4 && 'xl:grid-cols-4', className);
  if (!products) {
    return (
      <div className={grid} aria-busy="true">
        <span role="status" className="sr-only">
          {t('productCard.loading')}
        </span>
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity beyond their place
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul aria-label={label} aria-busy={stale || undefined} className={cn(grid, stale && 'opacity-60 transition-opacity')}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} action={renderAction?.(product)} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
