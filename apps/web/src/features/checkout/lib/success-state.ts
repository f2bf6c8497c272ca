/** What the checkout page hands the success page through route state (spec §2). */
export interface CheckoutSuccessState {
  order_id: string;
  order_number: string;
  /** null for a free order, which is paid without a card. */
  payment_intent_id: string | null;
  items: { product_id: string; title: string; quantity: number; price: number }[];
  total: number;
  /** The card was accepted but the bank has not confirmed yet (Stripe "processing"). */
  processing?: boolean;
}

/** The route state if it has the shape the success page needs, else null (a reload, a pasted link). */
export function readSuccessState(state: unknown): CheckoutSuccessState | null {
  if (typeof state !== 'object' || state === null) return null;
  const candidate = state as Partial<CheckoutSuccessState>;
  if (typeof candidate.order_id !== 'string' || !Array.isArray(candidate.items)) return null;
  const items = candidate.items.filter(
    (item): item is CheckoutSuccessState['items'][number] =>
      typeof item === 'object' && item !== null && typeof item.product_id === 'string' && typeof item.title === 'string',
  );
  return {
    order_id: candidate.order_id,
    order_number: typeof candidate.order_number === 'string' ? candidate.order_number : '',
    payment_intent_id: typeof candidate.payment_intent_id === 'string' ? candidate.payment_intent_id : null,
    items,
    total: typeof candidate.total === 'number' ? candidate.total : 0,
    processing: candidate.processing === true,
  };
}
