import type { CheckoutResult } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BillingChoice } from './get-tax-quote';

/**
 * Turns the signed-in user's cart into a pending order priced by the server. The same
 * idempotency key always answers with the same order, so a double click or a retry after a
 * declined card never makes a second one.
 */
export function placeOrder(idempotencyKey: string, billing?: BillingChoice): Promise<CheckoutResult> {
  // Only where the buyer is billed: the server looks up the rate and computes every amount (decision 0044).
  const body = billing?.country
    ? { billing_country: billing.country, ...(billing.country === 'US' && billing.region && { billing_region: billing.region }) }
    : undefined;
  return api.post<CheckoutResult>('/orders/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: ({ idempotencyKey, billing }: { idempotencyKey: string; billing?: BillingChoice }) =>
      placeOrder(idempotencyKey, billing),
  });
}
