import { type CheckoutResult, emailField, type PaymentState } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
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
import { CARD_FIELDS, type CardFormOutput, cardFormSchema } from '../lib/card-form';
import { useCompleteCheckout } from '../lib/use-complete-checkout';

const emailSchema = z.object({ email: emailField() });
const noFields = z.object({});
/** The widest form (a guest paying by card); narrower ones check only the fields they show. */
const guestCardSchema = emailSchema.and(cardFormSchema);
type PaymentFormInput = z.input<typeof guestCardSchema>;
type PaymentFormOutput = z.output<typeof guestCardSchema>;

const EMPTY: PaymentFormInput = { email: '', card_number: '', exp_month: '', exp_year: '', cvc: '' };

/** A problem to show above the pay button: the card's (402/422) or the order's (empty cart, promo gone). */
export interface PaymentProblem {
  message: string;
  /** Offer the way back to the cart (the order itself has to change). */
  backToCart?: boolean;
  /** The failure whose per-field messages (a 422's `errors[]`) go on the form's own fields. */
  fieldErrorsFrom?: unknown;
}

/** What the buyer typed: the card is null when nothing is to be paid; the e-mail is '' unless asked for. */
export interface PaymentAttempt {
  email: string;
  card: CardFormOutput | null;
}

export interface CardFormProps {
  /** `free`: no card fields, only the button (and the e-mail box when asked for). */
  mode: 'card' | 'free';
  /** The total on the pay button. */
  amount: number;
  busy: boolean;
  /** Asks for the buyer's e-mail address above the card (guest checkout). */
  askEmail?: boolean;
  /** The free mode's button, and the line above it. */
  freeLabel: string;
  freeText?: string;
  /** Places and pays; answers with the problem to show, or nothing when the payment went through. */
  onPay: (attempt: PaymentAttempt) => Promise<PaymentProblem | undefined>;
}

/**
 * The card form of both checkouts (signed in and guest): the buyer's e-mail when asked for, the
 * card fields checked by the shared schema before any call, the last attempt's problem and the
 * pay button. What paying means is the caller's `onPay`.
 */
export function CardForm({ mode, amount, busy, askEmail = false, freeLabel, freeText, onPay }: CardFormProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const card = mode === 'card';
  const schema = card ? (askEmail ? guestCardSchema : cardFormSchema) : askEmail ? emailSchema : noFields;
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    // Each narrower schema checks a part of the widest form's fields.
    resolver: zodResolver(schema as unknown as typeof guestCardSchema),
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const field = (name: Path<PaymentFormInput>) => register(name, { onChange: () => clearErrors(name) });

  const pay = async (values: PaymentFormOutput) => {
    setProblem(null);
    const answer = await onPay({
      email: askEmail ? values.email : '',
      card: card
        ? { card_number: values.card_number, exp_month: values.exp_month, exp_year: values.exp_year, cvc: values.cvc }
        : null,
    });
    if (!answer) return;
    if (answer.fieldErrorsFrom)
      applyServerFieldErrors(answer.fieldErrorsFrom, setError, askEmail ? ['email', ...CARD_FIELDS] : CARD_FIELDS);
    setProblem(answer);
  };

  return (
    // A new attempt replaces the last problem, also when the form itself stops it (an expired date).
    <form onSubmit={handleSubmit(pay, () => setProblem(null))} noValidate className="space-y-4">
      {!card && freeText && <p className="text-sm text-slate-600 dark:text-slate-400">{freeText}</p>}
      {askEmail && (
        <TextField
          label={t('guest.checkout.email')}
          type="email"
          autoComplete="email"
          hint={t('guest.checkout.emailHint')}
          error={errors.email?.message}
          {...field('email')}
        />
      )}
      {card && (
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
          <p>{problem.message}</p>
          {problem.backToCart && (
            <Link to="/cart" className="mt-1 inline-block font-medium underline">
              {t('checkout.backToCart')}
            </Link>
          )}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {card && <Lock className="size-4" aria-hidden />}
        {card ? t('checkout.pay', { amount: formatMoney(amount) }) : freeLabel}
      </Button>
    </form>
  );
}

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

/**
 * The signed-in checkout's card form: places the cart's order (same key every time), then charges
 * the card. A declined card keeps the form and the cart as they were so another card can be tried
 * on the same order.
 */
export function CardPaymentForm({ cart, idempotencyKey, mode, billing, gross }: CardPaymentFormProps) {
  const { t } = useTranslation();
  const place = usePlaceOrder();
  const confirm = useConfirmPayment();
  const succeeded = useCompleteCheckout(cart);

  /** Card (402/422) and order (empty cart, promo gone) problems are the form's; anything else also toasts. */
  const failed = (error: unknown, stage: 'order' | 'card'): PaymentProblem => {
    const message = translateMessage(errorMessage(error, t('common.operationFailed')));
    const status = error instanceof ApiError ? error.status : 0;
    // 409 at the card stage: the order expired, was replaced or changed; the buyer must check out again.
    const expected = stage === 'card' ? [402, 409, 422].includes(status) : status === 409 || status === 422;
    if (!expected) notify.error(t('checkout.failedTitle'), message);
    return {
      message,
      backToCart: (stage === 'order' && expected) || status === 409,
      fieldErrorsFrom: stage === 'card' ? error : undefined,
    };
  };

  const pay = async ({ card }: PaymentAttempt): Promise<PaymentProblem | undefined> => {
    let order: CheckoutResult;
    try {
      order = await place.mutateAsync({ idempotencyKey, billing });
    } catch (error) {
      return failed(error, 'order');
    }
    if (order.payment_status === 'paid' || order.provider === 'free') {
      await succeeded(order);
      return;
    }
    if (!card || !order.payment_intent_id) return;
    let confirmed: PaymentState;
    try {
      confirmed = await confirm.mutateAsync({ intentId: order.payment_intent_id, card });
    } catch (error) {
      return failed(error, 'card');
    }
    await succeeded(order, { processing: confirmed.status !== 'succeeded' });
  };

  return (
    <CardForm
      mode={mode}
      amount={gross ?? cart.total}
      busy={place.isPending || confirm.isPending}
      freeLabel={t('checkout.completeFree')}
      freeText={t('checkout.freeText')}
      onPay={pay}
    />
  );
}
