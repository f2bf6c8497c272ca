import { type GuestCheckoutResult, type PaymentState, type TaxQuote, taxCentsOf } from '@app/shared';
import { CreditCard, Mail, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { activeLanguage, translateMessage } from '@/lib/i18n';
import { randomUuid } from '@/lib/uuid';
import { useConfirmGuestPayment } from '../api/confirm-guest-payment';
import { useGuestProduct } from '../api/get-guest-product';
import { usePaymentConfig } from '../api/get-payment-config';
import { type BillingChoice, useTaxQuote } from '../api/get-tax-quote';
import { usePlaceGuestOrder } from '../api/place-guest-order';
import { BillingCountryCard, defaultBillingChoice } from '../components/billing-country-fields';
import { CardForm, type PaymentAttempt, type PaymentProblem } from '../components/card-payment-form';
import { GuestStripePayment } from '../components/guest-stripe-payment';
import { TestModeNotice } from '../components/test-mode-notice';
import { guestOrderPath, rememberGuestOrderToken } from '../lib/guest-order-tokens';

/** The amount in the address (a pay-what-you-want choice from the product page), if it is a number. */
function chosenAmount(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/** Why there is nothing to buy, under the page's heading. */
function GuestCheckoutProblem({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <DocumentTitle title={t('guest.checkout.title')} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('guest.checkout.title')}</h1>
      <Alert tone="error" title={title}>
        {children}
      </Alert>
    </div>
  );
}

/** The price with the tax the quote's rate adds (what the server will charge, unless the rate changes meanwhile). */
function grossOf(price: number, quote: TaxQuote | undefined): number {
  const cents = Math.round(price * 100);
  return (cents + (quote ? taxCentsOf(cents, quote.rate_bps) : 0)) / 100;
}

/** The tax the chosen billing place adds to the price, and the total (the server charges it from its own table). */
function TaxEstimate({ price, quote }: { price: number; quote: TaxQuote | undefined }) {
  const { t, i18n } = useTranslation();
  if (!quote || quote.rate_bps === 0 || price === 0) return null;
  const taxCents = taxCentsOf(Math.round(price * 100), quote.rate_bps);
  const total = grossOf(price, quote);
  const rate = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent', maximumFractionDigits: 2 }).format(
    quote.rate_bps / 10_000,
  );
  return (
    <dl className="mt-2 space-y-1 text-sm">
      <div className="flex justify-between gap-4 text-slate-600 dark:text-slate-400">
        <dt>{t('cart.totals.tax', { label: quote.label || t('cart.totals.taxLabel'), rate, country: quote.country })}</dt>
        <dd className="tabular-nums">{formatMoney(taxCents / 100)}</dd>
      </div>
      <div className="flex justify-between gap-4 font-semibold text-slate-900 dark:text-white">
        <dt>{t('cart.totals.total')}</dt>
        <dd className="tabular-nums">{formatMoney(total)}</dd>
      </div>
    </dl>
  );
}

/**
 * Buying without an account (decision 0046): an e-mail address and, unless the product is free,
 * a card. The server prices the order; this page only shows the price the catalogue shows.
 */
export function GuestCheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const productId = params.get('product')?.trim() ?? '';
  const amount = chosenAmount(params.get('amount'));
  const product = useGuestProduct(productId);
  const config = usePaymentConfig();
  // One per visit: a double click or a retry after a declined card reaches the same order.
  const [visitKey] = useState(randomUuid);
  const place = usePlaceGuestOrder();
  const confirm = useConfirmGuestPayment();
  // The order this visit placed, and for which address: another address is another order (its receipt goes there).
  const [placed, setPlaced] = useState<{ email: string; order: GuestCheckoutResult } | null>(null);
  // Where the guest is billed picks the tax (decision 0044); another place is another order.
  const [billing, setBilling] = useState<BillingChoice>(() => defaultBillingChoice());
  const billingPlace = `${billing.country}/${billing.country === 'US' ? billing.region : ''}`;
  const quote = useTaxQuote(billing);

  const price = product.data
    ? product.data.pay_what_you_want
      ? (amount ?? product.data.suggested_price ?? product.data.price)
      : product.data.price
    : 0;
  const free = product.data !== undefined && price === 0;

  if (!productId)
    return <GuestCheckoutProblem title={t('guest.checkout.title')}>{t('guest.checkout.noProduct')}</GuestCheckoutProblem>;
  if (product.isPending || config.isPending) return <LoadingScreen message={t('checkout.loading')} />;
  if (product.error || !product.data) {
    return (
      <GuestCheckoutProblem title={t('checkout.loadFailed')}>
        {translateMessage(errorMessage(product.error, t('common.operationFailed')))}
      </GuestCheckoutProblem>
    );
  }

  const payment = config.data;
  const cardsHere = free || payment?.provider !== 'stripe';

  /** The server's refusal, with its per-field messages (the address, the card) for the form's fields. */
  const failure = (error: unknown): PaymentProblem => ({
    message: translateMessage(errorMessage(error, t('common.operationFailed'))),
    fieldErrorsFrom: error,
  });

  const pay = async ({ email, card }: PaymentAttempt): Promise<PaymentProblem | undefined> => {
    const address = email.trim().toLowerCase();
    let order = placed?.email === address ? placed.order : null;
    if (!order || order.payment_status === 'paid') {
      try {
        order = await place.mutateAsync({
          idempotencyKey: `${visitKey}-${billingPlace}-${address}`,
          body: {
            email,
            items: [
              { product_id: productId, quantity: 1, ...(product.data.pay_what_you_want && amount !== undefined && { amount }) },
            ],
            language: activeLanguage(),
            billing_country: billing.country,
            ...(billing.country === 'US' && billing.region && { billing_region: billing.region }),
          },
        });
      } catch (error) {
        return failure(error);
      }
      setPlaced({ email: address, order });
      rememberGuestOrderToken(order.order_id, order.access_token);
    }
    if (order.payment_status !== 'paid' && order.provider !== 'free') {
      // Priced above zero after the page showed it free: the page has to be loaded again.
      if (!card) return { message: t('common.operationFailed') };
      let state: PaymentState;
      try {
        state = await confirm.mutateAsync({ orderId: order.order_id, token: order.access_token, card });
      } catch (error) {
        // A declined card keeps the order: another card pays the same one.
        if (!(error instanceof ApiError && [402, 422].includes(error.status))) setPlaced(null);
        return failure(error);
      }
      if (state.status !== 'succeeded' && state.status !== 'processing') return;
    }
    navigate(guestOrderPath(order.order_id, order.access_token));
  };

  const busy = place.isPending || confirm.isPending;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('guest.checkout.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('guest.checkout.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {t('guest.checkout.intro')}{' '}
        <Link to="/login" className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
          {t('guest.checkout.signIn')}
        </Link>
      </p>
      <section aria-labelledby="guest-item" className="mt-6 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="guest-item" className="sr-only">
          {t('guest.checkout.item')}
        </h2>
        <div className="flex items-center justify-between gap-4">
          <Link to={`/products/${product.data.id}`} className="font-medium text-slate-900 hover:underline dark:text-white">
            {product.data.title}
          </Link>
          <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{formatMoney(price)}</span>
        </div>
        <TaxEstimate price={price} quote={quote.data} />
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('guest.checkout.serverPrices')}</p>
      </section>
      {!free && (
        <BillingCountryCard
          className="mt-6"
          value={billing}
          disabled={busy}
          onChange={(next) => {
            setBilling(next);
            // An order placed for the previous place is not paid for this one.
            if (placed?.order.payment_status !== 'paid') setPlaced(null);
          }}
        />
      )}
      {payment?.test_mode && payment.test_cards && !free && (
        <div className="mt-6">
          <TestModeNotice cards={payment.test_cards} />
        </div>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {free ? (
              <Mail className="size-5 text-slate-400" aria-hidden />
            ) : (
              <CreditCard className="size-5 text-slate-400" aria-hidden />
            )}
            {free ? t('guest.checkout.emailTitle') : t('checkout.paymentTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {cardsHere ? (
            <CardForm
              mode={free ? 'free' : 'card'}
              askEmail
              amount={placed?.order.amount ?? grossOf(price, quote.data)}
              busy={busy}
              freeLabel={t('guest.checkout.getFree')}
              onPay={pay}
            />
          ) : payment.publishable_key ? (
            <GuestStripePayment
              publishableKey={payment.publishable_key}
              visitKey={visitKey}
              billingPlace={billingPlace}
              order={{
                items: [
                  {
                    product_id: productId,
                    quantity: 1,
                    ...(product.data.pay_what_you_want && amount !== undefined && { amount }),
                  },
                ],
                language: activeLanguage(),
                billing_country: billing.country,
                ...(billing.country === 'US' && billing.region && { billing_region: billing.region }),
              }}
              estimate={grossOf(price, quote.data)}
            />
          ) : (
            // Stripe without its publishable key: no card can be taken, signed in or not.
            <Alert tone="info" title={t('checkout.stripe.title')} />
          )}
          <p className="mt-4 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <ShieldCheck className="size-4" aria-hidden />
            {t('checkout.secureNote')}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
