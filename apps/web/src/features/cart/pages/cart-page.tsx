import { cartSummaryLines } from '@app/shared';
import { ArrowRight, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PriceSummary } from '@/components/price-summary';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { LoadingScreen } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { useCart } from '@/lib/cart/get-cart';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useClearCart } from '../api/clear-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useSetCartAmount } from '../api/set-cart-amount';
import { useUpdateCartItem } from '../api/update-cart-item';
import { CartLine } from '../components/cart-line';
import { PromoCodeForm } from '../components/promo-code-form';

export function CartPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { cart, isLoading, isError, error, refetch } = useCart();
  const update = useUpdateCartItem();
  const setAmount = useSetCartAmount();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const [confirmingClear, setConfirmingClear] = useState(false);

  const failed = (cause: unknown) => notify.error(translateMessage(errorMessage(cause, t('common.operationFailed'))));

  const onQuantity = (productId: string, title: string, quantity: number) =>
    update.mutate(
      { productId, quantity },
      { onSuccess: () => quantity <= 0 && notify.info(t('cart.removed', { title })), onError: failed },
    );
  const onAmount = (productId: string, amount: number) => setAmount.mutate({ productId, amount }, { onError: failed });
  const onRemove = (productId: string, title: string) =>
    remove.mutate(productId, { onSuccess: () => notify.info(t('cart.removed', { title })), onError: failed });
  const onClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setConfirmingClear(false);
        notify.info(t('cart.cleared'));
      },
      onError: (cause) => {
        setConfirmingClear(false);
        failed(cause);
      },
    });

  if (isLoading) return <LoadingScreen message={t('cart.loading')} />;

  if (auth.status !== 'authenticated' || cart.items.length === 0) {
    const signedOut = auth.status !== 'authenticated';
    return (
      <PlaceholderPage
        icon={ShoppingCart}
        title={t('cart.title')}
        description={signedOut ? t('cart.signedOut') : t('cart.empty')}
      >
        <DocumentTitle title={t('cart.title')} />
        {isError && <Alert tone="error">{translateMessage(errorMessage(error, t('common.operationFailed')))}</Alert>}
        {signedOut && (
          <Link to="/login" state={{ from: '/cart' }} className={buttonClasses('outline')}>
            {t('header.signIn')}
          </Link>
        )}
        <Link to="/products" className={buttonClasses('primary')}>
          {t('common.browseProducts')}
        </Link>
        {isError && (
          <Button variant="ghost" onClick={() => void refetch()}>
            {t('errors.tryAgain')}
          </Button>
        )}
      </PlaceholderPage>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('cart.title')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('cart.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('cart.itemCount', { count: cart.totalItems })}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => setConfirmingClear(true)}>
          {t('cart.clear')}
        </Button>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <Card className="h-fit lg:col-span-2">
          <CardContent className="py-0">
            {/* The items' h3 titles need an h2 above them, after the page's h1. */}
            <h2 className="sr-only">{t('cart.itemsLabel')}</h2>
            <ul aria-label={t('cart.itemsLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
              {cart.items.map((item) => (
                <CartLine
                  key={item.product_id}
                  item={item}
                  onQuantity={(quantity) => onQuantity(item.product_id, item.title, quantity)}
                  onRemove={() => onRemove(item.product_id, item.title)}
                  onAmount={(amount) => onAmount(item.product_id, amount)}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card className="h-fit lg:sticky lg:top-24">
          <CardHeader>
            <CardTitle>{t('cart.summaryTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            <PromoCodeForm applied={cart.promoCode} notice={cart.promo_notice} />
            <PriceSummary lines={cartSummaryLines(cart)} />
            {cart.items.some((item) => item.amount_below_minimum) ? (
              // The server refuses such a cart at checkout: say so here instead of sending the buyer there.
              <div className="space-y-2">
                <Button size="lg" className="w-full" disabled aria-describedby="checkout-blocked">
                  {t('cart.checkout')}
                  <ArrowRight className="size-4" aria-hidden />
                </Button>
                <p id="checkout-blocked" className="text-sm text-amber-800 dark:text-amber-300">
                  {t('pwyw.checkoutBlocked')}
                </p>
              </div>
            ) : (
              <Link to="/checkout" className={buttonClasses('primary', 'lg', 'w-full')}>
                {t('cart.checkout')}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            )}
            <Link to="/products" className={buttonClasses('link', 'md', 'w-full')}>
              {t('cart.continueShopping')}
            </Link>
          </CardContent>
        </Card>
      </div>
      <ConfirmDialog
        open={confirmingClear}
        title={t('cart.clearConfirmTitle')}
        description={t('cart.clearConfirmText')}
        confirmLabel={t('cart.clear')}
        busy={clear.isPending}
        onCancel={() => setConfirmingClear(false)}
        onConfirm={onClear}
      />
    </div>
  );
}
