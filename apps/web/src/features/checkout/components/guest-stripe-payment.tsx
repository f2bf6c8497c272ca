import { emailField, type GuestCheckoutRequest, type GuestCheckoutResult } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
// The `pure` entry fetches Stripe.js only when loadStripe is called; the main entry fetches it on import.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { confirmGuestPayment } from '../api/confirm-guest-payment';
import { placeGuestOrder } from '../api/place-guest-order';
import { guestOrderPath, rememberGuestOrderToken } from '../lib/guest-order-tokens';

const emailSchema = z.object({ email: emailField() });
type EmailInput = z.input<typeof emailSchema>;
type EmailOutput = z.output<typeof emailSchema>;

export interface GuestStripePaymentProps {
  publishableKey: string;
  /** One per visit: with the billing place and the address it makes the idempotency key (same order on a retry). */
  visitKey: string;
  /** Where the guest is billed (`country/region`); another place is another order. */
  billingPlace: string;
  /** The order without the address: the items, the language and the billing country. */
  order: Omit<GuestCheckoutRequest, 'email'>;
  /** The price the page shows until the server answers with its own. */
  estimate: number;
  disabled?: boolean;
}

interface Placed {
  /** The billing place the order was placed for. */
  place: string;
  order: GuestCheckoutResult;
}

/**
 * Guest checkout with Stripe Elements (decision 0046): the address places the order (the server
 * prices it and answers with the intent's client secret and the order's token), Stripe's Payment
 * Element takes the card in its own frame, and once Stripe confirms, the server reads the intent
 * before the order counts as paid. Only the server's word leads to the order page.
 */
export function GuestStripePayment({
  publishableKey,
  visitKey,
  billingPlace,
  order,
  estimate,
  disabled,
}: GuestStripePaymentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mount = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [ready, setReady] = useState<{ secret: string; stripe: Stripe; elements: StripeElements } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<EmailInput, unknown, EmailOutput>({
    resolver: zodResolver(emailSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });

  // An order placed for another billing place is not this one.
  const current = placed?.place === billingPlace ? placed.order : null;
  const secret = current?.payment_status === 'paid' ? null : (current?.client_secret ?? null);
  const elements = ready && ready.secret === secret ? ready : null;

  useEffect(() => {
    if (!secret) return;
    let cancelled = false;
    let element: { destroy(): void } | undefined;
    void (async () => {
      try {
        const client = await loadStripe(publishableKey);
        if (cancelled || !client || !mount.current) return;
        const created = client.elements({ clientSecret: secret });
        const payment = created.create('payment');
        payment.mount(mount.current);
        element = payment;
        setReady({ secret, stripe: client, elements: created });
      } catch (error) {
        if (!cancelled) setProblem(translateMessage(errorMessage(error, t('common.operationFailed'))));
      }
    })();
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [secret, publishableKey, t]);

  const fail = (error: unknown) => setProblem(translateMessage(errorMessage(error, t('common.operationFailed'))));

  const start = handleSubmit(
    async (values) => {
      setProblem(null);
      const key = `${visitKey}-${billingPlace}-${values.email.trim().toLowerCase()}`;
      setBusy(true);
      try {
        const result = await placeGuestOrder({ ...order, email: values.email }, key);
        rememberGuestOrderToken(result.order_id, result.access_token);
        // The same key after a payment: the order is already paid.
        if (result.payment_status === 'paid') return void navigate(guestOrderPath(result.order_id, result.access_token));
        if (!result.client_secret) {
          setProblem(t('common.operationFailed'));
          return;
        }
        setPlaced({ place: billingPlace, order: result });
      } catch (error) {
        applyServerFieldErrors(error, setError, ['email']);
        fail(error);
      } finally {
        setBusy(false);
      }
    },
    () => setProblem(null),
  );

  const pay = async () => {
    if (!current || !elements) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await elements.stripe.confirmPayment({
        elements: elements.elements,
        redirect: 'if_required',
        // A bank's page comes back to the order page; the token is in this browser's storage.
        confirmParams: { return_url: `${window.location.origin}/guest/orders/${encodeURIComponent(current.order_id)}` },
      });
      if (result.error) {
        setProblem(result.error.message ?? t('checkout.failedTitle'));
        return;
      }
      // Stripe may still be "processing": the server reads the intent; its answer decides.
      const state = await confirmGuestPayment({ orderId: current.order_id, token: current.access_token });
      if (state.status !== 'succeeded' && state.status !== 'processing') {
        setProblem(t('checkout.failedTitle'));
        return;
      }
      navigate(guestOrderPath(current.order_id, current.access_token));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <form onSubmit={start} noValidate className="space-y-4">
        <TextField
          label={t('guest.checkout.email')}
          type="email"
          autoComplete="email"
          hint={t('guest.checkout.emailHint')}
          error={errors.email?.message}
          disabled={busy}
          {...register('email', {
            onChange: () => {
              clearErrors('email');
              // Another address is another order.
              setPlaced(null);
            },
          })}
        />
        {!current && (
          <Button type="submit" size="lg" className="w-full" loading={busy} disabled={disabled}>
            {t('guest.checkout.continueToPayment')}
          </Button>
        )}
      </form>
      {current && (
        <div key={current.order_id} ref={mount} className="min-h-24">
          {!elements && !problem && <Spinner label={t('checkout.loading')} />}
        </div>
      )}
      {problem && (
        <Alert tone="error" title={t('checkout.problemTitle')}>
          <p>{problem}</p>
        </Alert>
      )}
      {current && (
        <Button size="lg" className="w-full" loading={busy} disabled={!elements || disabled} onClick={() => void pay()}>
          <Lock className="size-4" aria-hidden />
          {t('checkout.pay', { amount: formatMoney(current.amount ?? estimate) })}
        </Button>
      )}
    </div>
  );
}
