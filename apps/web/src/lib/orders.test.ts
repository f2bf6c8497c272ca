import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/test/commerce-fixtures';
import { productFilesName } from './downloads';
import { canRequestRefund } from './orders';

const day = 86_400_000;

describe('orders', () => {
  it('offers a refund for a paid order within 30 days, once', () => {
    const now = Date.parse('2026-05-31T12:00:00Z');
    const paidOn = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
    expect(canRequestRefund(makeOrder({ paid_at: paidOn(29) }), now)).toBe(true);
    expect(canRequestRefund(makeOrder({ paid_at: paidOn(30) }), now)).toBe(true);
    expect(canRequestRefund(makeOrder({ paid_at: paidOn(31) }), now)).toBe(false);
    expect(canRequestRefund(makeOrder({ payment_status: 'unpaid', paid_at: null }), now)).toBe(false);
    const refund = { status: 'requested' as const, reason: 'Files are broken', requested_at: paidOn(1) };
    expect(canRequestRefund(makeOrder({ paid_at: paidOn(2), refund }), now)).toBe(false);
  });

  it('names a product zip after its title (spec §7)', () => {
    expect(productFilesName('GPT Prompt Pack: Vol. 2!')).toBe('GPT_Prompt_Pack__Vol__2__files.zip');
  });
});
