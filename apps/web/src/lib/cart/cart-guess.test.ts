import { describe, expect, it } from 'vitest';
import { makeCartItem, PROMOS, priceCart } from '@/test/commerce-fixtures';
import { withQuantity } from './cart-guess';

const a = makeCartItem({ product_id: 'a', price: 40, originalPrice: 50 });
const b = makeCartItem({ product_id: 'b', price: 25 });

describe('optimistic cart', () => {
  it('recomputes the totals the server would give for a new quantity', () => {
    expect(withQuantity(priceCart([a, b]), 'b', 3)).toEqual(priceCart([a, { ...b, quantity: 3 }]));
  });

  it('removes a line at quantity 0', () => {
    expect(withQuantity(priceCart([a, b]), 'a', 0)).toEqual(priceCart([b]));
  });

  it('keeps a percentage promo as a share of the new subtotal', () => {
    const next = withQuantity(priceCart([a, b], PROMOS.SAVE10), 'b', 2);
    expect(next).toEqual(priceCart([a, { ...b, quantity: 2 }], PROMOS.SAVE10));
  });

  it('caps a fixed promo at the new subtotal', () => {
    const next = withQuantity(priceCart([a, { ...b, quantity: 2 }], PROMOS.WELCOME), 'a', 0);
    expect(next.total).toBe(0);
    expect(next.promoCode?.discount).toBe(50);
  });
});
