import { describe, expect, it } from 'vitest';
import { aiPoolShareCents, computeCartTotals, productPromoCode } from './cart';

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
