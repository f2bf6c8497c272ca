import { describe, expect, it } from 'vitest';
import { type CartLine, computeCartTotals, type PromoRule } from './cart';
import { allocatePromos } from './promo-stacking';

const ana = (productId: string, priceCents: number, extra: Partial<CartLine> = {}): CartLine => ({
  productId,
  priceCents,
  originalPriceCents: null,
  quantity: 1,
  sellerId: 'ana',
  ...extra,
});
const bo: CartLine = { productId: 'b1', priceCents: 5000, originalPriceCents: null, quantity: 1, sellerId: 'bo' };
const site = (value: number): PromoRule => ({ code: 'SITE', kind: 'percent', value, productId: null });
const sellerCode = (code: string, sellerId: string, rule: Partial<PromoRule> = {}): PromoRule => ({
  code,
  kind: 'percent',
  value: 50,
  productId: null,
  sellerId,
  productIds: [],
  ...rule,
});

describe('allocatePromos', () => {
  it('a seller’s code touches only that seller’s lines, and only the products it names', () => {
    const lines = [ana('a1', 4000), ana('a2', 2000), bo];
    const all = allocatePromos(lines, [sellerCode('ANA', 'ana')]);
    expect(all.lineSellerCents).toEqual([2000, 1000, 0]);
    const named = allocatePromos(lines, [sellerCode('ANA', 'ana', { productIds: ['a2'] })]);
    expect(named.lineSellerCents).toEqual([0, 1000, 0]);
    // Bo's code on a cart without Bo's items takes nothing.
    expect(allocatePromos([ana('a1', 4000)], [sellerCode('BO', 'bo', { kind: 'fixed', value: 999_999 })]).promoCents).toBe(0);
  });

  it('applies sellers’ codes first, then the platform’s on what is left, never below a floor', () => {
    const lines = [ana('a1', 4000), bo];
    const result = allocatePromos(lines, [
      site(10),
      sellerCode('ANA', 'ana'),
      sellerCode('BO', 'bo', { kind: 'fixed', value: 1000 }),
    ]);
    expect(result.parts).toEqual([
      { code: 'ANA', sellerId: 'ana', cents: 2000 },
      { code: 'BO', sellerId: 'bo', cents: 1000 },
      { code: 'SITE', sellerId: null, cents: 600 },
    ]);
    expect(
      computeCartTotals(lines, [site(10), sellerCode('ANA', 'ana'), sellerCode('BO', 'bo', { kind: 'fixed', value: 1000 })])
        .totalCents,
    ).toBe(5400);
    // A pay-what-you-want line stays at its minimum whatever is stacked on it.
    const pwyw = [ana('p1', 3000, { minimumCents: 1000 })];
    expect(computeCartTotals(pwyw, [sellerCode('ANA', 'ana', { value: 100 }), site(100)]).totalCents).toBe(1000);
  });

  it('one platform code prices as before: percent of the subtotal, fixed capped, hostile values taken as nothing', () => {
    const lines = [ana('a1', 4000), bo];
    expect(computeCartTotals(lines, site(10)).promoCents).toBe(900);
    expect(computeCartTotals(lines, { ...site(0), kind: 'fixed', value: 1e12 }).totalCents).toBe(0);
    expect(computeCartTotals(lines, { ...site(0), kind: 'fixed', value: -500 }).promoCents).toBe(0);
    expect(computeCartTotals(lines, { ...site(0), kind: 'fixed', value: Number.NaN }).promoCents).toBe(0);
    expect(computeCartTotals(lines, site(Number.POSITIVE_INFINITY)).promoCents).toBe(9000);
  });

  it('splits a code over its lines so the parts add up exactly', () => {
    const lines = [ana('a1', 333), ana('a2', 333), ana('a3', 334)];
    const result = allocatePromos(lines, [sellerCode('ANA', 'ana', { kind: 'fixed', value: 100 })]);
    expect(result.lineSellerCents.reduce((sum, cents) => sum + cents, 0)).toBe(100);
    expect(result.lineParts.every((parts) => parts.length === 1)).toBe(true);
  });
});
