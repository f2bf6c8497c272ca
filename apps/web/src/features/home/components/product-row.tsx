import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductCard, type ProductCardData, ProductCardSkeleton } from '@/components/product-card';

export interface ProductRowProps {
  title: string;
  subtitle?: string;
  /** Undefined while loading. */
  products: ProductCardData[] | undefined;
  /** 'View all' goes here. */
  viewAllTo: string;
  skeletons?: number;
}

/** A titled, sideways-scrolling row of product cards with a 'View all' link. */
export function ProductRow({ title, subtitle, products, viewAllTo, skeletons = 4 }: ProductRowProps) {
  const { t } = useTranslation();
  const id = useId();
  if (products && products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id={id} className="text-2xl font-bold text-slate-900 dark:text-white">
            {title}
          </h2>
          {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
        </div>
        <Link
          to={viewAllTo}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          {t('home.viewAll')}
          <span className="sr-only">: {title}</span>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {products ? (
        <ul
          aria-labelledby={id}
          className="-mx-4 mt-6 flex snap-x snap-mandatory gap-5 overflow-x-auto scroll-px-4 px-4 pt-1 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8"
        >
          {products.map((product) => (
            <li key={product.id} className="w-64 shrink-0 snap-start sm:w-72">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 flex gap-5 overflow-hidden pt-1 pb-4" aria-busy="true">
          <span role="status" className="sr-only">
            {t('productCard.loading')}
          </span>
          {Array.from({ length: skeletons }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity beyond their place
            <div key={index} className="w-64 shrink-0 sm:w-72">
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
