import type { CategoryCount, PublicProduct } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { CatalogueStats } from './catalogue-stats';
import { CategoryGrid } from './category-grid';
import { ProductRow } from './product-row';

export interface HomeSectionsProps {
  featured: PublicProduct[] | undefined;
  newest: { products: PublicProduct[]; total: number } | undefined;
  topRated: PublicProduct[] | undefined;
  categories: CategoryCount[] | undefined;
}

/** Review-weighted average rating of the products with reviews, or undefined when none has any. */
export function averageRating(products: PublicProduct[] | undefined): number | undefined {
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
export function HomeSections({ featured, newest, topRated, categories }: HomeSectionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <CatalogueStats products={newest?.total} categories={categories?.length} averageRating={averageRating(featured)} />
      <ProductRow
        title={t('home.featuredTitle')}
        subtitle={t('home.featuredText')}
        products={featured}
        viewAllTo="/products?featured=true"
      />
      <CategoryGrid categories={categories} total={newest?.total} />
      <ProductRow
        title={t('home.newestTitle')}
        subtitle={t('home.newestText')}
        products={newest?.products}
        viewAllTo="/products?sort_by=created_at&sort_order=desc"
      />
      <ProductRow
        title={t('home.topRatedTitle')}
        subtitle={t('home.topRatedText')}
        products={topRated}
        viewAllTo="/products?sort_by=rating&sort_order=desc"
      />
    </>
  );
}
