import { describe, expect, it } from 'vitest';
import { promoCodeFormSchema, promoCodeUpdateSchema } from './promo';

const form = {
  code: 'spring',
  kind: 'percent',
  value: '15',
  description: '',
  product_id: '',
  category: '',
  starts_at: '',
  expires_at: '',
  usage_limit: '',
  per_customer_limit: '',
  first_order_only: false,
  min_subtotal: '',
  active: true,
};

describe('promo code form', () => {
  it('reads the text of a form: numbers from text, blanks as "no rule"', () => {
    expect(promoCodeFormSchema.parse(form)).toEqual({
      code: 'SPRING',
      kind: 'percent',
      value: 15,
      description: '',
      product_id: null,
      category: null,
      starts_at: null,
      expires_at: null,
      usage_limit: null,
      per_customer_limit: null,
      first_order_only: false,
      min_subtotal: 0,
      active: true,
    });
  });

  it('takes datetime-local values and category names', () => {
    const parsed = promoCodeFormSchema.parse({
      ...form,
      category: 'Prompt Packs',
      starts_at: '2030-05-01T09:00',
      expires_at: '2030-05-31T18:30',
    });
    expect(parsed.category).toBe('prompt-packs');
    expect(parsed.starts_at).toEqual(new Date(2030, 4, 1, 9, 0));
    expect(parsed.expires_at).toEqual(new Date(2030, 4, 31, 18, 30));
  });

  it('puts each problem on its field', () => {
    const result = promoCodeFormSchema.safeParse({
      ...form,
      code: 'x',
      kind: 'fixed',
      value: '0',
      usage_limit: '0',
      starts_at: '2030-05-02T00:00',
      expires_at: '2030-05-01T00:00',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toEqual({
      code: 'Code must be 3 to 40 characters',
      value: 'Amount must be more than $0 and at most $100,000',
      usage_limit: 'Usage limit must be a whole number from 1 to 1,000,000',
      expires_at: 'The end must be after the start',
    });
  });

  it('checks the rules that span fields even when the code is missing', () => {
    const { code: _code, ...withoutCode } = form;
    const result = promoCodeFormSchema.safeParse({ ...withoutCode, value: '150' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['code', 'Code is required'],
      ['value', 'Percent must be a whole number from 1 to 100'],
    ]);
  });

  it('leaves out what an update does not mention', () => {
    expect(promoCodeUpdateSchema.parse({ description: 'New' })).toEqual({ description: 'New' });
    expect(promoCodeUpdateSchema.parse(undefined)).toEqual({});
  });
});
