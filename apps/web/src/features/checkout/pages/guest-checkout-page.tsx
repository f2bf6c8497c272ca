import { emailField, type GuestCheckoutResult, type PaymentState, type TaxQuote, taxCentsOf } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock, Mail, Receipt, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { LoadingScreen } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { activeLanguage, translateMessage } from '@/lib/i18n';
import { randomUuid } from '@/lib/uuid';
import { useConfirmGuestPayment } from '../api/confirm-guest-payment';
import { useGuestProduct } from '../api/get-guest-product';
import { usePaymentConfig } from '../api/get-payment-config';
import { type BillingChoice, useTaxQuote } from '../api/get-tax-quote';
import { usePlaceGuestOrder } from '../api/place-guest-order';
import { BillingCountryFields, defaultBillingChoice } from '../components/billing-country-fields';
import { GuestStripePayment } from '../components/guest-stripe-payment';
import { TestModeNotice } from '../components/test-mode-notice';
import { CARD_FIELDS, cardFormSchema } from '../lib/card-form';
import { guestOrderPath, rememberGuestOrderToken } from '../lib/guest-order-tokens';

const emailSchema = z.object({ email: emailField() });
const cardSchema = emailSchema.and(cardFormSchema);
type GuestFormInput = z.input<typeof cardSchema>;
type GuestFormOutput = z.output<typeof cardSchema>;

const EMPTY: GuestFormInput = { email: '', card_number: '', exp_month: '', exp_year: '', cvc: '' };

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
  const [placed, setPlaced] = useState<GuestCheckoutResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
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

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<GuestFormInput, unknown, GuestFormOutput>({
    resolver: zodResolver(free ? (emailSchema as unknown as typeof cardSchema) : cardSchema),
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const field = (name: Path<GuestFormInput>) => register(name, { onChange: () => clearErrors(name) });

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

  const fail = (error: unknown) => {
    setProblem(translateMessage(errorMessage(error, t('common.operationFailed'))));
  };

  const submit = handleSubmit(
    async (values) => {
      setProblem(null);
      let order = placed;
      if (!order || order.payment_status === 'paid') {
        try {
          order = await place.mutateAsync({
            idempotencyKey: `${visitKey}-${billingPlace}-${values.email.trim().toLowerCase()}`,
            body: {
              email: values.email,
              items: [
                { product_id: productId, quantity: 1, ...(product.data.pay_what_you_want && amount !== undefined && { amount }) },
              ],
              language: activeLanguage(),
              billing_country: billing.country,
              ...(billing.country === 'US' && billing.region && { billing_region: billing.region }),
            },
          });
        } catch (error) {
          applyServerFieldErrors(error, setError, ['email']);
          fail(error);
          return;
        }
        setPlaced(order);
        rememberGuestOrderToken(order.order_id, order.access_token);
      }
      if (order.payment_status !== 'paid' && order.provider !== 'free') {
        let state: PaymentState;
        try {
          state = await confirm.mutateAsync({
            orderId: order.order_id,
            token: order.access_token,
            card: { card_number: values.card_number, exp_month: values.exp_month, exp_year: values.exp_year, cvc: values.cvc },
          });
        } catch (error) {
          applyServerFieldErrors(error, setError, CARD_FIELDS);
          // A declined card keeps the order: another card pays the same one.
          if (!(error instanceof ApiError && [402, 422].includes(error.status))) setPlaced(null);
          fail(error);
          return;
        }
        if (state.status !== 'succeeded' && state.status !== 'processing') return;
      }
      navigate(guestOrderPath(order.order_id, order.access_token));
    },
    () => setProblem(null),
  );

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
        <Card className="mt-6">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Receipt className="size-5 text-slate-400" aria-hidden />
              {t('checkout.billing.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <BillingCountryFields
              value={billing}
              disabled={busy}
              onChange={(next) => {
                setBilling(next);
                // An order placed for the previous place is not paid for this one.
                if (placed?.payment_status !== 'paid') setPlaced(null);
              }}
            />
          </CardContent>
        </Card>
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
            <form onSubmit={submit} noValidate className="space-y-4">
              <TextField
                label={t('guest.checkout.email')}
                type="email"
                autoComplete="email"
                hint={t('guest.checkout.emailHint')}
                error={errors.email?.message}
                {...field('email')}
              />
              {!free && (
                <>
                  <TextField
                    label={t('checkout.card.number')}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="4242 4242 4242 4242"
                    error={errors.card_number?.message}
                    {...field('card_number')}
                  />
                  <div className="grid grid-cols-3 gap-3">
                    <TextField
                      label={t('checkout.card.expMonth')}
                      inputMode="numeric"
                      autoComplete="cc-exp-month"
                      placeholder="MM"
                      maxLength={2}
                      error={errors.exp_month?.message}
                      {...field('exp_month')}
                    />
                    <TextField
                      label={t('checkout.card.expYear')}
                      inputMode="numeric"
                      autoComplete="cc-exp-year"
                      placeholder="YYYY"
                      maxLength={4}
                      error={errors.exp_year?.message}
                      {...field('exp_year')}
                    />
                    <TextField
                      label={t('checkout.card.cvc')}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      placeholder="123"
                      maxLength={4}
                      error={errors.cvc?.message}
                      {...field('cvc')}
                    />
                  </div>
                </>
              )}
              {problem && (
                <Alert tone="error" title={t('checkout.problemTitle')}>
                  <p>{problem}</p>
                </Alert>
              )}
              <Button type="submit" size="lg" className="w-full" loading={busy}>
                <Lock className="size-4" aria-hidden />
                {free
                  ? t('guest.checkout.getFree')
                  : t('checkout.pay', { amount: formatMoney(placed?.amount ?? grossOf(price, quote.data)) })}
              </Button>
            </form>
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
