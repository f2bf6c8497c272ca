import type { OrderView } from '@app/shared';
import { type CartItemView, computeCartTotals, type PromoRule } from '@app/shared';
import type { Cart } from '@/lib/cart/get-cart';
import { json, type MockHandler } from './api-mock';

export function makeCartItem(overrides: Partial<CartItemView> = {}): CartItemView {
  const id = overrides.product_id ?? overrides.id ?? '11111111-1111-4111-8111-111111111111';
  return {
    id,
    product_id: id,
    title: 'Chatbot Builder',
    price: 40,
    originalPrice: null,
    image: null,
    seller: 'Neural Labs',
    category: 'AI Tools',
    license: 'Standard',
    description: 'Build chatbots.',
    status: 'approved',
    quantity: 1,
    ...overrides,
  };
}

export const PROMOS: Record<string, PromoRule & { description: string }> = {
  SAVE10: { code: 'SAVE10', kind: 'percent', value: 10, productId: null, description: '10% off' },
  WELCOME: { code: 'WELCOME', kind: 'fixed', value: 5000, productId: null, description: '$50.00 off' },
};

/** A cart priced the way the server prices it. */
export function priceCart(items: CartItemView[], promo: (PromoRule & { description: string }) | null = null): Cart {
  const totals = computeCartTotals(
    items.map((item) => ({
      productId: item.product_id,
      priceCents: Math.round(item.price * 100),
      originalPriceCents: item.originalPrice === null ? null : Math.round(item.originalPrice * 100),
      quantity: item.quantity,
    })),
    promo,
  );
  return {
    items,
    totalItems: totals.totalItems,
    subtotal: totals.subtotalCents / 100,
    discount: totals.discountCents / 100,
    tax: 0,
    shippingCost: 0,
    total: totals.totalCents / 100,
    promoCode: promo
      ? { code: promo.code, discount: totals.promoCents / 100, type: promo.kind, description: promo.description }
      : null,
    promo_notice: null,
  };
}

/** The server's /cart routes over an in-memory cart: every answer is the whole cart. */
export function fakeCartServer(initial: CartItemView[]) {
  let items = initial.map((item) => ({ ...item }));
  let promo: (PromoRule & { description: string }) | null = null;
  const answer = () => json(200, priceCart(items, promo));
  const handlers: Record<string, MockHandler> = {
    'GET /api/v1/cart': answer,
    'POST /api/v1/cart/promo': ({ body }) => {
      const code = String((body as { code?: string }).code ?? '')
        .trim()
        .toUpperCase();
      const found = PROMOS[code];
      if (!found)
        return json(422, {
          detail: 'Invalid promo code',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'promo_code', message: 'Invalid promo code' }],
        });
      promo = found;
      return answer();
    },
    'DELETE /api/v1/cart/promo': () => {
      promo = null;
      return answer();
    },
    'DELETE /api/v1/cart/clear': () => {
      items = [];
      promo = null;
      return answer();
    },
  };
  for (const item of initial) {
    handlers[`PUT /api/v1/cart/items/${item.product_id}`] = ({ body }) => {
      const { amount } = body as { amount?: number };
      if (amount !== undefined) {
        // Pay what you want: the chosen amount is the line's price (the server refuses one below the minimum).
        items = items.map((line) =>
          line.product_id === item.product_id ? { ...line, price: amount, amount_below_minimum: false } : line,
        );
        return answer();
      }
      const quantity = Number((body as { quantity: number }).quantity);
      items =
        quantity <= 0
          ? items.filter((line) => line.product_id !== item.product_id)
          : items.map((line) => (line.product_id === item.product_id ? { ...line, quantity } : line));
      return answer();
    };
    handlers[`DELETE /api/v1/cart/items/${item.product_id}`] = () => {
      items = items.filter((line) => line.product_id !== item.product_id);
      return answer();
    };
  }
  return { handlers, items: () => items };
}

export function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    order_id: 'aaaaaaaa-0000-4000-8000-000000000001',
    order_number: 'AIM-20260501-0001',
    status: 'completed',
    payment_status: 'paid',
    items: [
      {
        product_id: '11111111-1111-4111-8111-111111111111',
        product_name: 'Chatbot Builder',
        product_title: 'Chatbot Builder',
        quantity: 1,
        price: 40,
      },
    ],
    product_name: 'Chatbot Builder',
    subtotal: 40,
    discount: 0,
    total_amount: 40,
    amount: 40,
    ai_pool_contribution: 4,
    currency: 'usd',
    promo_code: null,
    payment_intent_id: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    paid_at: new Date().toISOString(),
    refund: null,
    ...overrides,
  };
}
