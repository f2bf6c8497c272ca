import { cartSummaryLines, TAX_COUNTRY_REQUIRED } from '@app/shared';
import { CreditCard, ShieldCheck, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCart } from '@/lib/cart/get-cart';
import { translateMessage } from '@/lib/i18n';
import { randomUuid } from '@/lib/uuid';
import { usePaymentConfig } from '../api/get-payment-config';
import { type BillingChoice, useTaxQuote } from '../api/get-tax-quote';
import { BillingCountryCard, defaultBillingChoice } from '../components/billing-country-fields';
import { CardPaymentForm } from '../components/card-payment-form';
import { OrderSummary } from '../components/order-summary';
import { TestModeNotice } from '../components/test-mode-notice';

// Only a shop that takes payments through Stripe downloads its form (and Stripe.js): test-card mode never does.
const StripePaymentForm = lazy(async () => ({
  default: (await import('../components/stripe-payment-form')).StripePaymentForm,
}));

export function CheckoutPage() {
  const { t } = useTranslation();
  // Made once per visit: a double click, a retry after a declined card or a lost answer all reach the same order.
  const [billing, setBilling] = useState<BillingChoice>(() => defaultBillingChoice());
  // One key per billing place in this visit: the same place replays the same order, another one is
  // a new order (the server closes the old one; it refuses to move an order to another country).
  const keys = useRef(new Map<string, string>());
  const place = `${billing.country}/${billing.country === 'US' ? billing.region : ''}`;
  if (!keys.current.has(place)) keys.current.set(place, randomUuid());
  const idempotencyKey = keys.current.get(place) as string;
  const quote = useTaxQuote(billing);
  const cartQuery = useCart();
  const config = usePaymentConfig();
  const { cart } = cartQuery;

  if (cartQuery.isLoading || config.isPending) return <LoadingScreen message={t('checkout.loading')} />;

  const loadError = cartQuery.error ?? config.error;
  if (loadError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert tone="error" title={t('checkout.loadFailed')}>
          {translateMessage(errorMessage(loadError, t('common.operationFailed')))}
        </Alert>
        <Button
          className="mt-4"
          variant="outline"
          onClick={() => {
            void cartQuery.refetch();
            void config.refetch();
          }}
        >
          {t('errors.tryAgain')}
        </Button>
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <PlaceholderPage icon={ShoppingCart} title={t('checkout.title')} description={t('checkout.emptyCart')}>
        <DocumentTitle title={t('checkout.title')} />
        <Link to="/products" className={buttonClasses('primary')}>
          {t('common.browseProducts')}
        </Link>
      </PlaceholderPage>
    );
  }

  const payment = config.data;
  const free = cart.total === 0;
  // The server refuses an order that costs anything without a billing country: pay only once one is chosen.
  const countryMissing = !free && !billing.country;
  // Without a country there is no rate yet (the quote kept from the last country is not this one).
  const summary = cartSummaryLines(cart, billing.country ? quote.data : undefined);
  const gross = (summary.at(-1)?.cents ?? Math.round(cart.total * 100)) / 100;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('checkout.title')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('checkout.title')}</h1>
        <Link to="/cart" className={buttonClasses('link')}>
          {t('checkout.backToCart')}
        </Link>
      </div>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          {payment?.test_mode && payment.test_cards && !free && <TestModeNotice cards={payment.test_cards} />}
          <BillingCountryCard value={billing} onChange={setBilling} noneOption />
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CreditCard className="size-5 text-slate-400" aria-hidden />
                {t('checkout.paymentTitle')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {countryMissing && (
                <p role="alert" className="mb-4 text-sm font-medium text-red-600 dark:text-red-400">
                  {translateMessage(TAX_COUNTRY_REQUIRED)}
                </p>
              )}
              {/* A disabled fieldset disables every field and button of the payment form inside it. */}
              <fieldset disabled={countryMissing} className="min-w-0">
                {free ? (
                  <CardPaymentForm cart={cart} idempotencyKey={idempotencyKey} mode="free" billing={billing} />
                ) : payment?.provider === 'stripe' ? (
                  payment.publishable_key ? (
                    <Suspense fallback={<Spinner />}>
                      <StripePaymentForm
                        key={idempotencyKey}
                        cart={cart}
                        idempotencyKey={idempotencyKey}
                        publishableKey={payment.publishable_key}
                        billing={billing}
                      />
                    </Suspense>
                  ) : (
                    <Alert tone="info" title={t('checkout.stripe.title')}>
                      {t('checkout.stripe.text')}
                    </Alert>
                  )
                ) : (
                  <CardPaymentForm
                    cart={cart}
                    idempotencyKey={idempotencyKey}
                    mode="card"
                    billing={billing}
                    gross={quote.data ? gross : undefined}
                  />
                )}
              </fieldset>
              <p className="mt-4 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                <ShieldCheck className="size-4" aria-hidden />
                {t('checkout.secureNote')}
              </p>
            </CardContent>
          </Card>
        </div>
        <div className="lg:col-span-2">
          <OrderSummary cart={cart} lines={summary} />
        </div>
      </div>
    </div>
  );
}
