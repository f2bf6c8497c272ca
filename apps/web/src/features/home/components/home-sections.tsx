import type { CategoryCount, PublicProduct } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CatalogueStats } from './catalogue-stats';
import { CategoryGrid } from './category-grid';
import { ProductRow } from './product-row';

/** Each part: undefined while loading, null when its request failed (then nothing is claimed about it). */
export interface HomeSectionsProps {
  featured: PublicProduct[] | null | undefined;
  newest: { products: PublicProduct[]; total: number } | null | undefined;
  topRated: PublicProduct[] | null | undefined;
  categories: CategoryCount[] | null | undefined;
  /** Asks again for whatever failed. */
  onRetry: () => void;
}

/** Review-weighted average rating of the products with reviews, or undefined when none has any. */
export function averageRating(products: PublicProduct[] | null | undefined): number | undefined {
  const rated = (products ?? []).filter((product) => product.review_count > 0);
  const reviews = rated.reduce((sum, product) => sum + product.review_count, 0);
  if (reviews === 0) return undefined;
  return rated.reduce((sum, product) => sum + product.rating * product.review_count, 0) / reviews;
}

/**
 * Everything below the hero: the stats band, the product rows and the categories. Loaded as
 * its own chunk (with the product card it shares with the catalogue) so the first download for
 * `/` stays small; the home page starts the data requests before this code arrives.
 */
export function HomeSections({ featured, newest, topRated, categories, onRetry }: HomeSectionsProps) {
  const { t } = useTranslation();
  // A failed count is unknown, not zero: the band of figures gives way to a notice.
  const figuresFailed = newest === null || categories === null;
  return (
    <>
      {figuresFailed ? (
        <section className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <Alert tone="error" title={t('home.unavailable.title')}>
            <p>{t('home.unavailable.text')}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
              {t('errors.tryAgain')}
            </Button>
          </Alert>
        </section>
      ) : (
        <CatalogueStats products={newest?.total} categories={categories?.length} averageRating={averageRating(featured)} />
      )}
      {/* A row whose request failed is left out rather than shown empty or left loading. */}
      {featured !== null && (
        <ProductRow
          title={t('home.featuredTitle')}
          subtitle={t('home.featuredText')}
          products={featured}
          viewAllTo="/products?featured=true"
        />
      )}
      {categories !== null && <CategoryGrid categories={categories} total={newest === null ? undefined : newest?.total} />}
      {newest !== null && (
        <ProductRow
          title={t('home.newestTitle')}
          subtitle={t('home.newestText')}
          products={newest?.products}
          viewAllTo="/products?sort_by=created_at&sort_order=desc"
        />
      )}
      {topRated !== null && (
        <ProductRow
          title={t('home.topRatedTitle')}
          subtitle={t('home.topRatedText')}
          products={topRated}
          viewAllTo="/products?sort_by=rating&sort_order=desc"
        />
      )}
    </>
  );
}
