import { Heart, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddToCartButton } from '@/components/add-to-cart-button';
import { DocumentTitle } from '@/components/document-title';
import { type ProductCardData, ProductGrid } from '@/components/product-card';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

/** The signed-in user's saved products (a protected route). */
export function WishlistPage() {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  const remove = useRemoveFromWishlist();
  const items = wishlist.data?.items;

  const removeItem = (product: ProductCardData) =>
    remove.mutate(product.id, {
      onSuccess: () => notify.success(t('wishlist.removedNamed', { title: product.title })),
      onError: (error) => notify.error(translateMessage(errorMessage(error, t('common.operationFailed')))),
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('wishlist.title')} />
      <div className="border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('wishlist.title')}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {items ? t('wishlist.count', { count: items.length }) : t('wishlist.loading')}
        </p>
      </div>
      <div className="mt-8">
        {wishlist.isError ? (
          <Alert tone="error" title={t('wishlist.loadFailed')}>
            <p>{translateMessage(errorMessage(wishlist.error, t('common.operationFailed')))}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void wishlist.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Alert>
        ) : items && items.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-50 text-rose-500 dark:bg-rose-950/40 dark:text-rose-400">
              <Heart className="size-7" aria-hidden />
            </span>
            <p className="mt-4 max-w-md text-slate-600 dark:text-slate-400">{t('wishlist.empty')}</p>
            <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
              {t('common.browseProducts')}
            </Link>
          </div>
        ) : (
          <>
            {/* The cards' h3 titles need an h2 above them, after the page's h1. */}
            <h2 className="sr-only">{t('wishlist.listLabel')}</h2>
            <ProductGrid
              products={items}
              skeletons={4}
              label={t('wishlist.listLabel')}
              renderAction={(product) => (
                <div className="flex items-center gap-1">
                  <AddToCartButton
                    productId={product.id}
                    title={product.title}
                    price={product.price}
                    size="sm"
                    ariaLabel={t('wishlist.addToCartNamed', { title: product.title })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('wishlist.removeNamed', { title: product.title })}
                    disabled={remove.isPending && remove.variables === product.id}
                    onClick={() => removeItem(product)}
                    className="text-slate-500 hover:bg-rose-50 hover:text-rose-600 dark:text-slate-400 dark:hover:bg-rose-950/40"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              )}
            />
          </>
        )}
      </div>
    </div>
  );
}
