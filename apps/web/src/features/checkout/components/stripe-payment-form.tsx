import type { CheckoutResult } from '@app/shared';
// The `pure` entry fetches Stripe.js only when loadStripe is called; the main entry fetches it on import.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import type { Cart } from '@/lib/cart/get-cart';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import type { BillingChoice } from '../api/get-tax-quote';
import { placeOrder } from '../api/place-order';
import { useCompleteCheckout } from '../lib/use-complete-checkout';

export interface StripePaymentFormProps {
  cart: Cart;
  idempotencyKey: string;
  /** Where the buyer is billed; a change of country comes with a new idempotency key (a new order). */
  billing?: BillingChoice;
  publishableKey: string;
}

/**
 * Real card payments with Stripe Elements: the order is placed first (same key for the whole
 * visit), Stripe's Payment Element collects the card in its own frame, and once Stripe confirms,
 * the server checks the intent with Stripe before marking the order paid (the webhook does too).
 */
export function StripePaymentForm({ cart, idempotencyKey, publishableKey, billing }: StripePaymentFormProps) {
  const { t } = useTranslation();
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [order, setOrder] = useState<CheckoutResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = useCompleteCheckout(cart);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one order and one Stripe form per idempotency key, not per render
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const placed = await placeOrder(idempotencyKey, billing);
        if (cancelled) return;
        setOrder(placed);
        if (placed.payment_status === 'paid') return void complete(placed);
        const client = await loadStripe(publishableKey);
        if (cancelled || !client || !placed.client_secret || !mount.current) return;
        const created = client.elements({ clientSecret: placed.client_secret });
        created.create('payment').mount(mount.current);
        setStripe(client);
        setElements(created);
      } catch (error) {
        if (!cancelled) setProblem(translateMessage(errorMessage(error, t('common.operationFailed'))));
      }
    })();
    return () => {
      cancelled = true;
    };
    // Placed once per visit; the key never changes.
  }, [idempotencyKey, publishableKey]);

  const pay = async () => {
    if (!stripe || !elements || !order?.payment_intent_id) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/orders` },
      });
      if (result.error) {
        setProblem(result.error.message ?? t('checkout.failedTitle'));
        return;
      }
      // Stripe may still be "processing" (some banks and methods): only the server's word counts.
      const confirmed = await api.post<{ status: 'succeeded' | 'processing' }>(
        `/payments/confirm-payment/${encodeURIComponent(order.payment_intent_id)}`,
        {},
      );
      await complete(order, { processing: confirmed.status !== 'succeeded' });
    } catch (error) {
      setProblem(translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <div ref={mount} className="min-h-24">
        {!elements && !problem && <Spinner label={t('checkout.loading')} />}
      </div>
      {problem && (
        <Alert tone="error" title={t('checkout.problemTitle')}>
          {problem}
        </Alert>
      )}
      <Button size="lg" className="w-full" loading={busy} disabled={!elements} onClick={() => void pay()}>
        {t('checkout.pay', { amount: formatMoney(order?.amount ?? cart.total) })}
      </Button>
    </div>
  );
}
