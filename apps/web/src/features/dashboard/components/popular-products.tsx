import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddToCartButton } from '@/components/add-to-cart-button';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { categoryName } from '@/lib/catalog-names';
import { translateMessage } from '@/lib/i18n';
import { priceText } from '@/lib/price-text';
import { usePopularProducts } from '../api/get-popular-products';
import { EmptyState } from './empty-state';

export function PopularProducts() {
  const { t } = useTranslation();
  const products = usePopularProducts();
  if (products.isPending) return <Spinner label={t('common.loading')} />;
  if (products.isError)
    return <Alert tone="error">{translateMessage(errorMessage(products.error, t('common.operationFailed')))}</Alert>;
  if (products.data.products.length === 0) return <EmptyState icon={Sparkles} text={t('dashboard.noProducts')} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {products.data.products.map((product) => (
        <li key={product.id} className="flex flex-col rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <ProductThumbnail src={product.image} className="aspect-[8/5] w-full text-2xl" />
          <Link
            to={`/products/${product.id}`}
            className="mt-3 line-clamp-2 font-medium text-slate-900 hover:text-indigo-600 dark:text-white dark:hover:text-indigo-400"
          >
            {product.title}
          </Link>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{categoryName(product.category)}</p>
          <div className="mt-auto flex items-center justify-between gap-2 pt-4">
            <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{priceText(t, product)}</span>
            <AddToCartButton productId={product.id} title={product.title} price={product.price} size="sm" variant="outline" />
          </div>
        </li>
      ))}
    </ul>
  );
}
