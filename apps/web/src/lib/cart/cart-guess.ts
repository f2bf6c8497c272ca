import { type CartLine, computeCartTotals, type PromoRule } from '@app/shared';
import type { Cart } from './get-cart';

// Apart from cart-cache.ts: the totals' maths comes with the shared cart and tax schemas (zod), which
// a page with only an "Add to cart" button (the product page) need not load and evaluate.

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (value: number) => value / 100;

/**
 * The cart with one line's quantity changed (0 removes it), totals recomputed with the same
 * maths the server uses. The applied promo is carried over as the share or amount it was; the
 * server's answer replaces this guess moments later.
 */
export function withQuantity(cart: Cart, productId: string, quantity: number): Cart {
  const items =
    quantity <= 0
      ? cart.items.filter((item) => item.product_id !== productId)
      : cart.items.map((item) => (item.product_id === productId ? { ...item, quantity } : item));
  const lines: CartLine[] = items.map((item) => ({
    productId: item.product_id,
    priceCents: cents(item.price),
    originalPriceCents: item.originalPrice === null ? null : cents(item.originalPrice),
    quantity: item.quantity,
  }));
  let promo: PromoRule | null = null;
  if (cart.promoCode && cart.subtotal > 0) {
    promo =
      cart.promoCode.type === 'percent'
        ? { code: cart.promoCode.code, kind: 'percent', value: (cart.promoCode.discount / cart.subtotal) * 100, productId: null }
        : { code: cart.promoCode.code, kind: 'fixed', value: cents(cart.promoCode.discount), productId: null };
  }
  const totals = computeCartTotals(lines, promo);
  return {
    ...cart,
    items,
    totalItems: totals.totalItems,
    subtotal: dollars(totals.subtotalCents),
    discount: dollars(totals.discountCents),
    total: dollars(totals.totalCents),
    promoCode: cart.promoCode && { ...cart.promoCode, discount: dollars(totals.promoCents) },
  };
}
