import type { OrderView } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useSaveOrder } from '../api/save-order';
import type { CheckoutSuccessState } from './success-state';

export type PaymentOutcome =
  | { state: 'verifying' }
  | { state: 'paid'; orderId: string }
  | { state: 'processing'; slow: boolean }
  | { state: 'failed'; reason: string | null };

export const POLL_INTERVAL_MS = 3000;
/** After this many polls (~2 minutes) the page says it is slow, and stops asking. */
export const POLL_LIMIT = 40;

const FINAL_UNPAID = new Set(['cancelled', 'expired', 'refunded']);

/**
 * What the server says about the order the buyer just paid, never what the client hopes: the
 * order is saved (verified) once; a payment the bank is still processing is polled until the
 * server reports it paid or final; a refused or failed save is shown as not confirmed.
 */
export function usePaymentOutcome(order: CheckoutSuccessState | null): PaymentOutcome {
  const save = useSaveOrder();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<PaymentOutcome>(() =>
    order && order.items.length > 0 && order.payment_intent_id === null
      ? { state: 'paid', orderId: order.order_id }
      : order?.processing
        ? { state: 'processing', slow: false }
        : { state: 'verifying' },
  );

  // Save once, even when React runs this effect twice (StrictMode).
  useEffect(() => {
    if (started.current || !order || order.items.length === 0 || order.payment_intent_id === null) return;
    started.current = true;
    save.mutateAsync(order.payment_intent_id).then(
      (saved) => setOutcome({ state: 'paid', orderId: saved.order_id }),
      (error: unknown) => {
        console.warn('Saving the order failed', error);
        const notYet = error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';
        setOutcome(notYet ? { state: 'processing', slow: false } : { state: 'failed', reason: reasonOf(error) });
      },
    );
  }, [order, save]);

  const processing = outcome.state === 'processing' && !outcome.slow;
  useEffect(() => {
    if (!processing || !order) return;
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      api.get<OrderView>(`/orders/${encodeURIComponent(order.order_id)}`).then(
        (current) => {
          if (current.payment_status === 'paid') setOutcome({ state: 'paid', orderId: current.id });
          else if (FINAL_UNPAID.has(current.status)) setOutcome({ state: 'failed', reason: null });
          else if (polls >= POLL_LIMIT) setOutcome({ state: 'processing', slow: true });
        },
        () => {
          if (polls >= POLL_LIMIT) setOutcome({ state: 'processing', slow: true });
        },
      );
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [processing, order]);

  return outcome;
}

function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.status < 500 ? error.message : null;
}
