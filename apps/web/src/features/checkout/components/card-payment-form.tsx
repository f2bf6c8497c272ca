import type { CheckoutResult, PaymentState } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Cart } from '@/lib/cart/get-cart';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useConfirmPayment } from '../api/confirm-payment';
import type { BillingChoice } from '../api/get-tax-quote';
import { usePlaceOrder } from '../api/place-order';
import { CARD_FIELDS, type CardFormInput, type CardFormOutput, cardFormSchema } from '../lib/card-form';
import { useCompleteCheckout } from '../lib/use-complete-checkout';

const EMPTY: CardFormInput = { card_number: '', exp_month: '', exp_year: '', cvc: '' };

export interface CardPaymentFormProps {
  cart: Cart;
  /** One per visit of the checkout page: every attempt in this visit pays for the same order. */
  idempotencyKey: string;
  /** No card form: the total is 0, or the provider needs its own widget. */
  mode: 'card' | 'free';
  /** Where the buyer is billed (picks the tax), and the total with that tax as the summary shows it. */
  billing?: BillingChoice;
  gross?: number;
}

/** A problem to show above the pay button: the card's (402/422) or the order's (empty cart, promo gone). */
interface PaymentProblem {
  message: string;
  backToCart: boolean;
}

/**
 * Places the order (same key every time), then charges the card. A declined card keeps the form
 * and the cart as they were so another card can be tried on the same order.
 */
export function CardPaymentForm({ cart, idempotencyKey, mode, billing, gross }: CardPaymentFormProps) {
  const { t } = useTranslation();
  const place = usePlaceOrder();
  const confirm = useConfirmPayment();
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const field = (name: Path<CardFormInput>) => register(name, { onChange: () => clearErrors(name) });

  const succeeded = useCompleteCheckout(cart);

  /** Card (402/422) and order (empty cart, promo gone) problems are the form's; anything else also toasts. */
  const failed = (error: unknown, stage: 'order' | 'card') => {
    const message = translateMessage(errorMessage(error, t('common.operationFailed')));
    const status = error instanceof ApiError ? error.status : 0;
    // 409 at the card stage: the order expired, was replaced or changed; the buyer must check out again.
    const expected = stage === 'card' ? [402, 409, 422].includes(status) : status === 409 || status === 422;
    setProblem({ message, backToCart: (stage === 'order' && expected) || status === 409 });
    if (!expected) notify.error(t('checkout.failedTitle'), message);
  };

  const pay = async (card: CardFormOutput | null) => {
    setProblem(null);
    let order: CheckoutResult;
    try {
      order = await place.mutateAsync({ idempotencyKey, billing });
    } catch (error) {
      failed(error, 'order');
      return;
    }
    if (order.payment_status === 'paid' || order.provider === 'free') return succeeded(order);
    if (!card || !order.payment_intent_id) return;
    let confirmed: PaymentState;
    try {
      confirmed = await confirm.mutateAsync({ intentId: order.payment_intent_id, card });
    } catch (error) {
      applyServerFieldErrors(error, setError, CARD_FIELDS);
      failed(error, 'card');
      return;
    }
    return succeeded(order, { processing: confirmed.status !== 'succeeded' });
  };

  const busy = place.isPending || confirm.isPending;
  const total = formatMoney(gross ?? cart.total);

  const problemBox = problem && (
    <Alert tone="error" title={t('checkout.problemTitle')}>
      <p>{problem.message}</p>
      {problem.backToCart && (
        <Link to="/cart" className="mt-1 inline-block font-medium underline">
          {t('checkout.backToCart')}
        </Link>
      )}
    </Alert>
  );

  if (mode === 'free') {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('checkout.freeText')}</p>
        {problemBox}
        <Button size="lg" className="w-full" loading={busy} onClick={() => void pay(null)}>
          {t('checkout.completeFree')}
        </Button>
      </div>
    );
  }

  return (
    // A new attempt replaces the last problem, also when the form itself stops it (an expired date).
    <form
      onSubmit={handleSubmit(
        (card) => pay(card),
        () => setProblem(null),
      )}
      noValidate
      className="space-y-4"
    >
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
      {problemBox}
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        <Lock className="size-4" aria-hidden />
        {t('checkout.pay', { amount: total })}
      </Button>
    </form>
  );
}
