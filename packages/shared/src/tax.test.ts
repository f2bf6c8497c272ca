import { describe, expect, it } from 'vitest';
import { cartSummaryLines, orderSummaryLines } from './cart';
import { checkoutBodySchema, countryCodeSchema, taxCentsOf, taxRateInputSchema } from './tax';

describe('tax maths (decision 0044)', () => {
  it('rounds the tax on the net to the cent, half up', () => {
    expect(taxCentsOf(1000, 1900)).toBe(190);
    expect(taxCentsOf(333, 2100)).toBe(70); // 69.93
    expect(taxCentsOf(250, 2550)).toBe(64); // 63.75
    expect(taxCentsOf(10, 2500)).toBe(3); // 2.5
    expect(taxCentsOf(0, 2700)).toBe(0);
    expect(taxCentsOf(99_999_999, 5000)).toBe(50_000_000);
  });

  it('takes a country in any case, trimmed, and nothing outside the ISO list', () => {
    expect(countryCodeSchema.parse(' de ')).toBe('DE');
    for (const bad of ['XX', 'DEU', '', 'D', 'ÐE', null, 49, ['DE']])
      expect(countryCodeSchema.safeParse(bad).success).toBe(false);
    expect(checkoutBodySchema.parse({ billing_country: 'us', billing_region: 'ca' })).toEqual({
      billing_country: 'US',
      billing_region: 'CA',
    });
    expect(checkoutBodySchema.safeParse({ billing_country: 'DE', billing_region: 'CA' }).success).toBe(false);
    expect(checkoutBodySchema.parse({ billing_country: 'US', billing_region: '' })).toEqual({ billing_country: 'US' });
  });

  it('keeps rates between 0% and 50% with at most two decimals', () => {
    expect(taxRateInputSchema.parse({ country: 'fi', rate: '25.5', label: ' VAT ' })).toEqual({
      country: 'FI',
      rate: 25.5,
      label: 'VAT',
    });
    for (const rate of [-1, 50.01, 19.125, Number.NaN, Number.POSITIVE_INFINITY, 'x'])
      expect(taxRateInputSchema.safeParse({ country: 'FI', rate, label: 'VAT' }).success).toBe(false);
  });
});

describe('price rows with tax', () => {
  it('a cart priced for a billing country: net + tax = total; no tax row where there is no rate', () => {
    const cart = { subtotal: 40, total: 36, promoCode: { code: 'SAVE10', discount: 4 } };
    expect(cartSummaryLines(cart, { country: 'DE', rate_bps: 1900, label: 'VAT' })).toEqual([
      { kind: 'subtotal', cents: 4000 },
      { kind: 'discount', cents: 400, code: 'SAVE10' },
      { kind: 'net', cents: 3600 },
      { kind: 'tax', cents: 684, label: 'VAT', rateBps: 1900, country: 'DE' },
      { kind: 'total', cents: 4284 },
    ]);
    expect(cartSummaryLines(cart, { country: 'US', rate_bps: 0, label: null }).map((line) => line.kind)).toEqual([
      'subtotal',
      'discount',
      'total',
    ]);
  });

  it('an order shows the tax it charged, not a rate looked up again', () => {
    const order = { subtotal: 10, discount: 0, promo_code: null, total_amount: 11.9 };
    expect(orderSummaryLines({ ...order, tax: { country: 'DE', rate_bps: 1900, label: 'VAT', amount: 1.9 } })).toEqual([
      { kind: 'subtotal', cents: 1000 },
      { kind: 'tax', cents: 190, label: 'VAT', rateBps: 1900, country: 'DE' },
      { kind: 'total', cents: 1190 },
    ]);
    expect(orderSummaryLines({ ...order, total_amount: 10, tax: null }).map((line) => line.kind)).toEqual(['subtotal', 'total']);
  });
});
