import { describe, expect, it } from 'vitest';
import {
  aiPoolShareCents,
  cartSummaryLines,
  computeCartTotals,
  orderSummaryLines,
  PWYW_AMOUNT_BELOW_MINIMUM,
  PWYW_AMOUNT_TOO_SMALL_TO_CHARGE,
  productPromoCode,
  pwywAmountProblem,
  pwywAmountSchema,
  summaryLines,
  unitPriceCents,
  unitPriceHolds,
} from './cart';

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

describe('pay what you want (decision 0042)', () => {
  const pwyw = (productId: string, chosenCents: number, minimumCents: number, quantity = 1) => ({
    ...line(productId, chosenCents, quantity),
    minimumCents,
  });

  it('never lets a promo take a pay-what-you-want line below its minimum; a fixed-price line may still go to 0', () => {
    const all = { code: 'ALL', kind: 'fixed' as const, value: 1_000_000, productId: null };
    expect(computeCartTotals([pwyw('a', 3000, 1000, 2), line('b', 500)], all)).toMatchObject({
      subtotalCents: 6500,
      promoCents: 4500,
      totalCents: 2000,
    });
    const half = { code: 'HALF', kind: 'percent' as const, value: 50, productId: 'a' };
    expect(computeCartTotals([pwyw('a', 3000, 2000)], half)).toMatchObject({ promoCents: 1000, totalCents: 2000 });
    expect(computeCartTotals([pwyw('a', 3000, 0)], half)).toMatchObject({ promoCents: 1500, totalCents: 1500 });
  });

  it('charges the amount chosen (the suggested price when none), and checks it against the minimum', () => {
    expect(unitPriceCents({ priceCents: 500, pwywSuggestedCents: 1200 }, null)).toBe(1200);
    expect(unitPriceCents({ priceCents: 500, pwywSuggestedCents: 1200 }, 4000)).toBe(4000);
    expect(unitPriceCents({ priceCents: 500, pwywSuggestedCents: null }, 0)).toBe(500);
    expect(pwywAmountProblem(499, 500)).toBe(PWYW_AMOUNT_BELOW_MINIMUM);
    expect(pwywAmountProblem(0, 0)).toBeNull();
    expect(pwywAmountProblem(20, 0)).toBe(PWYW_AMOUNT_TOO_SMALL_TO_CHARGE);
    expect(unitPriceHolds({ priceCents: 500, pwywSuggestedCents: 900 }, 600)).toBe(true);
    expect(unitPriceHolds({ priceCents: 700, pwywSuggestedCents: 900 }, 600)).toBe(false);
    expect(unitPriceHolds({ priceCents: 500, pwywSuggestedCents: null }, 600)).toBe(false);
  });

  it('reads an amount as whole cents from 0 to $100,000, refusing anything else', () => {
    expect(pwywAmountSchema.parse('12.50')).toBe(12.5);
    for (const bad of [-1, Number.NaN, '1e400', 'abc', 12.345, 100_000.01, null, {}])
      expect(pwywAmountSchema.safeParse(bad).success, String(bad)).toBe(false);
  });
});
