import { describe, expect, it } from 'vitest';
import { aiPoolShareCents, cartSummaryLines, computeCartTotals, orderSummaryLines, productPromoCode, summaryLines } from './cart';

const line = (productId: string, priceCents: number, quantity = 1, originalPriceCents: number | null = null) => ({
  productId,
  priceCents,
  quantity,
  originalPriceCents,
});

describe('cart maths (spec §9)', () => {
  it('adds price × quantity and counts items', () => {
    const totals = computeCartTotals([line('a', 1999, 2), line('b', 500)], null);
    expect(totals).toMatchObject({
      subtotalCents: 4498,
      totalCents: 4498,
      totalItems: 3,
      taxCents: 0,
      shippingCents: 0,
      promoCents: 0,
    });
  });

  it('counts original-price savings in the discount but not against the total', () => {
    const totals = computeCartTotals([line('a', 3000, 2, 4000)], null);
    expect(totals).toMatchObject({ subtotalCents: 6000, savingsCents: 2000, discountCents: 2000, totalCents: 6000 });
  });

  it('takes a percentage promo as a share of the subtotal', () => {
    const totals = computeCartTotals([line('a', 4900), line('b', 5100)], {
      code: 'SAVE10',
      kind: 'percent',
      value: 10,
      productId: null,
    });
    expect(totals).toMatchObject({ promoCents: 1000, discountCents: 1000, totalCents: 9000 });
  });

  it('caps a fixed promo at the subtotal and floors the total at 0', () => {
    const totals = computeCartTotals([line('a', 1900)], { code: 'WELCOME', kind: 'fixed', value: 5000, productId: null });
    expect(totals).toMatchObject({ promoCents: 1900, totalCents: 0 });
  });

  it('applies a product code to that product only', () => {
    const promo = { code: 'CHATBOT20', kind: 'percent' as const, value: 20, productId: 'b' };
    expect(computeCartTotals([line('a', 10000), line('b', 5000)], promo).promoCents).toBe(1000);
    expect(computeCartTotals([line('a', 10000)], promo).promoCents).toBe(0);
  });

  it('gives an empty cart all zeros', () => {
    expect(computeCartTotals([], { code: 'WELCOME', kind: 'fixed', value: 5000, productId: null })).toMatchObject({
      totalCents: 0,
      promoCents: 0,
    });
  });

  it('sends 10% of an order to the AI pool', () => {
    expect(aiPoolShareCents(9000)).toBe(900);
    expect(aiPoolShareCents(1999)).toBe(200);
  });

  it('derives a product code from the name', () => {
    expect(productPromoCode('Customer Support Chatbot Starter Kit')).toBe('CUSTOMER20');
    expect(productPromoCode('AI Image Generator Pro')).toBe('IMAGE20');
  });
});

describe('summary lines (one set of rows for cart, checkout, orders and the receipt)', () => {
  it('shows the promo with its code between subtotal and total, and no zero discount row without a code', () => {
    const totals = computeCartTotals([line('a', 900, 1, 1900)], { code: 'STUDENT', kind: 'percent', value: 15, productId: null });
    expect(
      summaryLines({ subtotalCents: 900, promoCode: 'STUDENT', promoCents: totals.promoCents, totalCents: totals.totalCents }),
    ).toEqual([
      { kind: 'subtotal', cents: 900 },
      { kind: 'discount', cents: 135, code: 'STUDENT' },
      { kind: 'total', cents: 765 },
    ]);
    // Original-price savings ($10 here) are in the unit price, never a "Discount $0.00" row.
    expect(summaryLines({ subtotalCents: 900, promoCode: null, promoCents: 0, totalCents: 900 })).toEqual([
      { kind: 'subtotal', cents: 900 },
      { kind: 'total', cents: 900 },
    ]);
  });

  it('gives a cart and the order made from it the same rows, though the cart’s discount field also counts savings', () => {
    const cart = {
      subtotal: 100,
      discount: 30,
      total: 50,
      promoCode: { code: 'WELCOME', discount: 50 },
    };
    const order = { subtotal: 100, discount: 50, promo_code: 'WELCOME', total_amount: 50 };
    expect(cartSummaryLines(cart)).toEqual(orderSummaryLines(order));
    expect(orderSummaryLines(order)).toEqual([
      { kind: 'subtotal', cents: 10000 },
      { kind: 'discount', cents: 5000, code: 'WELCOME' },
      { kind: 'total', cents: 5000 },
    ]);
  });
});
