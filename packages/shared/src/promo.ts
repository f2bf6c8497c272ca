import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { findCategory } from './catalog';
import { pagedListSchema, pagingQueryFields, STANDARD_PAGING } from './paging';

/**
 * Promo codes as admins manage them: one schema for the admin form and the API.
 * Amounts are dollars here; the server stores cents.
 */

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_FIXED_MAX_DOLLARS = 100_000;
export const PROMO_LIMIT_MAX = 1_000_000;
export const PROMO_MIN_SUBTOTAL_MAX_DOLLARS = 1_000_000;
const EARLIEST = new Date('2000-01-01T00:00:00Z');
const LATEST = new Date('9999-12-31T23:59:59Z');

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');
const blankToNull = (value: unknown) => (isBlank(value) ? null : value);
const noNul = (value: string) => !value.includes('\0');

/** Numbers typed into a form arrive as text; blank text means "not given". */
function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : Number(value.trim());
}

function numberField(label: string) {
  return z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) });
}

/** A positive whole number, or null for "no limit". */
function limitField(label: string) {
  const message = `${label} must be a whole number from 1 to ${PROMO_LIMIT_MAX.toLocaleString('en-US')}`;
  return z.preprocess(
    (value) => (isBlank(value) ? null : toNumber(value)),
    numberField(label).int(message).min(1, message).max(PROMO_LIMIT_MAX, message).nullable().optional(),
  );
}

/** An ISO date-time (or a datetime-local value), or null for "no bound". */
function dateField(label: string) {
  const message = `${label} must be a valid date and time`;
  return z.preprocess((value) => {
    if (isBlank(value)) return null;
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) return new Date(value.trim());
    return value instanceof Date ? value : new Date(Number.NaN);
  }, z.date({ error: message }).min(EARLIEST, message).max(LATEST, message).nullable().optional());
}

/** One message per bad code (no early abort: that would hide the form's other problems). */
function promoCodeProblem(code: string): string | null {
  if (code === '') return 'Code is required';
  if (code.length < 3 || code.length > 40) return 'Code must be 3 to 40 characters';
  return /^[A-Z0-9_-]+$/.test(code) ? null : 'Code may use only letters A–Z, digits, - and _';
}

/** Every field of a code; sellers' codes (seller-promo-codes.ts) take a part of them. */
export const promoFields = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .toUpperCase()
    .superRefine((code, ctx) => {
      const problem = promoCodeProblem(code);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  kind: z.enum(PROMO_KINDS, { error: 'Choose percent or fixed amount' }),
  /** Percent (1–100) or dollars. */
  value: z.preprocess(toNumber, numberField('Value')),
  description: z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(200, 'Description must be at most 200 characters')
      .refine(noNul, 'Description contains characters that are not allowed')
      .optional(),
  ),
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
  product_id: z.preprocess(blankToNull, z.uuid({ error: 'Product id must be a valid id' }).nullable().optional()),
  category: z.preprocess(
    blankToNull,
    z
      .string({ error: 'Unknown category' })
      .refine((value) => Boolean(findCategory(value)), 'Unknown category')
      .transform((value) => findCategory(value)?.slug as string)
      .nullable()
      .optional(),
  ),
  starts_at: dateField('Start'),
  expires_at: dateField('End'),
  usage_limit: limitField('Usage limit'),
  per_customer_limit: limitField('Uses per customer'),
  first_order_only: z.boolean({ error: 'First order only must be true or false' }).optional(),
  min_subtotal: z.preprocess(
    (value) => (isBlank(value) ? 0 : toNumber(value)),
    numberField('Minimum subtotal')
      .min(0, 'Minimum subtotal must be 0 or more')
      .max(PROMO_MIN_SUBTOTAL_MAX_DOLLARS, 'Minimum subtotal is too large')
      .optional(),
  ),
});

/** Why a value does not fit its kind, or null. Percent: a whole 1–100; fixed: dollars above 0 up to the maximum. */
export function promoValueProblem(kind: PromoKind, value: number): string | null {
  if (kind === 'percent') {
    return Number.isInteger(value) && value >= 1 && value <= 100 ? null : 'Percent must be a whole number from 1 to 100';
  }
  return Math.round(value * 100) >= 1 && value <= PROMO_FIXED_MAX_DOLLARS
    ? null
    : `Amount must be more than $0 and at most $${PROMO_FIXED_MAX_DOLLARS.toLocaleString('en-US')}`;
}

/** Why a validity window is wrong, or null. */
export function promoWindowProblem(startsAt: Date | null | undefined, expiresAt: Date | null | undefined): string | null {
  return startsAt && expiresAt && startsAt >= expiresAt ? 'The end must be after the start' : null;
}

const valueFields = promoFields.pick({ kind: true, value: true });
const windowFields = promoFields.pick({ starts_at: true, expires_at: true });
type PromoFields = z.output<typeof promoFields>;

/**
 * The admin form: every field with the rules that span fields. Those run as soon as their own
 * fields are valid, so the form shows every problem at once.
 */
export const promoCodeFormSchema = promoFields
  .refine((promo) => !promoValueProblem(promo.kind, promo.value), {
    path: ['value'],
    when: (payload) => valueFields.safeParse(payload.value).success,
    error: (issue) => {
      const promo = issue.input as PromoFields;
      return promoValueProblem(promo.kind, promo.value) ?? 'Invalid value';
    },
  })
  .refine((promo) => !promoWindowProblem(promo.starts_at, promo.expires_at), {
    path: ['expires_at'],
    when: (payload) => windowFields.safeParse(payload.value).success,
    message: 'The end must be after the start',
  });

/** POST /admin/promo-codes body (a missing body gets each field's own message). */
export const promoCodeSchema = z.preprocess((body) => body ?? {}, promoCodeFormSchema);
export type PromoCodeForm = z.input<typeof promoFields>;
export type PromoCodeInput = z.output<typeof promoCodeSchema>;

/**
 * PUT /admin/promo-codes/{id} body: any subset of the fields. Rules that span fields (value against
 * kind, start against end) are checked by the server against the stored code.
 */
export const promoCodeUpdateSchema = z.preprocess((body) => body ?? {}, promoFields.partial());
export type PromoCodeUpdate = z.output<typeof promoCodeUpdateSchema>;

const searchField = z.preprocess(
  (value) => (isBlank(value) ? undefined : value),
  z
    .string()
    .trim()
    .max(100, 'search must be at most 100 characters')
    .refine(noNul, 'search contains characters that are not allowed')
    .optional(),
);

/** GET /admin/promo-codes query. */
export const promoCodeListQuerySchema = z.object({
  active: z.preprocess(
    (value) => (isBlank(value) || value === 'all' ? undefined : value),
    z
      .enum(['true', 'false'], { error: 'active must be true, false or all' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  search: searchField,
  ...pagingQueryFields(STANDARD_PAGING),
});

/** What a code looks like right now: switched off, not started, past its end, out of uses, or usable. */
export const PROMO_STATUSES = ['active', 'inactive', 'scheduled', 'expired', 'used_up'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export const promoCodeViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Percent, or dollars for a fixed amount. */
  value: z.number(),
  description: z.string(),
  active: z.boolean(),
  status: z.enum(PROMO_STATUSES),
  product_id: z.string().nullable(),
  product_title: z.string().nullable(),
  /** A category slug. */
  category: z.string().nullable(),
  starts_at: isoDateSchema.nullable(),
  expires_at: isoDateSchema.nullable(),
  usage_limit: z.number().nullable(),
  used_count: z.number(),
  per_customer_limit: z.number().nullable(),
  first_order_only: z.boolean(),
  /** Dollars. */
  min_subtotal: moneySchema,
  /** Uses by paid orders. */
  redemptions: z.number(),
  /** Dollars taken off paid orders by this code. */
  revenue_discounted: moneySchema,
  /** A seller's code (docs/decisions/0045): its seller; null for a platform code. */
  seller_id: z.string().nullable().optional(),
  created_at: isoDateSchema,
});
export type PromoCodeView = z.output<typeof promoCodeViewSchema>;

export const promoCodeListSchema = pagedListSchema('promo_codes', promoCodeViewSchema);
export type PromoCodeList = z.output<typeof promoCodeListSchema>;

/** Create, update and deactivate answer with a message and the code as it is now. */
export const promoCodeChangeSchema = z.object({ message: z.string(), promo_code: promoCodeViewSchema });
