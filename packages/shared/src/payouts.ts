import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { pagedListSchema, pagingQueryFields, STANDARD_PAGING } from './paging';

/**
 * Seller payouts and bank accounts: one schema for the forms and the API.
 * Amounts are dollars here; the server stores cents.
 */

export const PAYOUT_SCHEDULES = ['daily', 'weekly', 'manual'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_STATUSES = ['processing', 'paid', 'failed', 'reversing', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const BANK_ACCOUNT_TYPES = ['iban', 'us'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** The legal refund window (30 days) is the default hold before a sale can be paid out. */
export const DEFAULT_PAYOUT_HOLD_DAYS = 30;
export const PAYOUT_HOLD_DAYS_MAX = 365;
export const PAYOUT_MINIMUM_MAX_DOLLARS = 100_000;

const noNul = (value: string) => !value.includes('\0');
const compact = (value: string) => value.replace(/[\s-]/g, '');

/** An IBAN as stored: upper case, no spaces. */
export function normalizeIban(raw: string): string {
  return electronicFormatIBAN(raw) ?? '';
}

/** IBAN: the country's length and the mod-97 checksum (ISO 13616), via ibantools. */
export function ibanProblem(raw: string): string | null {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return 'Enter a valid IBAN';
  return isValidIBAN(iban) ? null : 'This IBAN is not valid: check the country, length and digits';
}

/** ABA routing number: 9 digits with the 3-7-1 weighted checksum. */
export function routingNumberProblem(raw: string): string | null {
  const digits = compact(raw);
  if (!/^\d{9}$/.test(digits)) return 'Routing number must be 9 digits';
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return sum % 10 === 0 ? null : 'This routing number is not valid';
}

/** US account numbers are 4 to 17 digits. */
export function usAccountNumberProblem(raw: string): string | null {
  return /^\d{4,17}$/.test(compact(raw)) ? null : 'Account number must be 4 to 17 digits';
}

/** The number people see: the last four characters only. */
export function maskAccountNumber(number: string): string {
  const clean = compact(number).toUpperCase();
  const prefix = /^[A-Z]{2}/.test(clean) ? `${clean.slice(0, 2)} ` : '';
  return `${prefix}•••• ${clean.slice(-4)}`;
}

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} contains characters that are not allowed`);

const accountFields = z.object({
  account_holder_name: text('Account holder name', 120, 2),
  bank_name: text('Bank name', 120).optional(),
  account_type: z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose IBAN or US bank account' }),
  iban: z.string().max(64, 'Enter a valid IBAN').optional(),
  routing_number: z.string().max(32, 'Routing number must be 9 digits').optional(),
  account_number: z.string().max(40, 'Account number must be 4 to 17 digits').optional(),
});

function checkAccountNumbers(value: z.infer<typeof accountFields>, ctx: z.RefinementCtx) {
  const problems: [string, string | null][] =
    value.account_type === 'iban'
      ? [['iban', ibanProblem(value.iban ?? '')]]
      : [
          ['routing_number', routingNumberProblem(value.routing_number ?? '')],
          ['account_number', usAccountNumberProblem(value.account_number ?? '')],
        ];
  for (const [field, message] of problems) if (message) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** A seller's payout account (where their money goes). */
export const payoutAccountSchema = accountFields.superRefine(checkAccountNumbers);
export type PayoutAccountInput = z.infer<typeof payoutAccountSchema>;

/** One of the platform's own bank accounts (admin, spec §7 /payments/admin/bank-accounts). */
export const bankAccountSchema = accountFields
  .extend({
    currency: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, 'Currency must be a 3-letter code')
      .default('usd'),
    is_primary: z.boolean({ error: 'Primary must be true or false' }).default(false),
  })
  .superRefine(checkAccountNumbers);
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

/** Renaming or making primary keeps the number; a new number is a new account. */
export const bankAccountUpdateSchema = z
  .object({
    account_holder_name: text('Account holder name', 120, 2).optional(),
    bank_name: text('Bank name', 120).optional(),
    is_primary: z.boolean({ error: 'Primary must be true or false' }).optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Nothing to update: send at least one field to change',
  );
export type BankAccountUpdate = z.infer<typeof bankAccountUpdateSchema>;

/** A stored account as the API shows it: never the full number. */
export const bankAccountViewSchema = z.object({
  id: z.string(),
  account_holder_name: z.string(),
  bank_name: z.string(),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  country: z.string(),
  currency: z.string(),
  masked_number: z.string(),
  routing_number: z.string().nullable(),
  is_primary: z.boolean(),
  created_at: isoDateSchema,
});
export type BankAccountView = z.output<typeof bankAccountViewSchema>;

export const sellerPayoutAccountViewSchema = bankAccountViewSchema.extend({
  /** Set when the payout provider needs the seller to finish onboarding (Stripe Connect Express). */
  onboarding_url: z.string().nullable(),
});
export type SellerPayoutAccountView = z.output<typeof sellerPayoutAccountViewSchema>;

export const payoutSettingsSchema = z.object({
  payout_schedule: z.enum(PAYOUT_SCHEDULES, { error: 'Schedule must be daily, weekly or manual' }),
  minimum_payout: z
    .number({ error: 'Minimum payout must be a number' })
    .min(0, 'Minimum payout must be between $0 and $100,000')
    .max(PAYOUT_MINIMUM_MAX_DOLLARS, 'Minimum payout must be between $0 and $100,000')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Minimum payout must be whole cents'),
  hold_days: z
    .number({ error: 'Hold days must be a number' })
    .int('Hold days must be a whole number of days from 0 to 365')
    .min(0, 'Hold days must be a whole number of days from 0 to 365')
    .max(PAYOUT_HOLD_DAYS_MAX, 'Hold days must be a whole number of days from 0 to 365'),
});
export const payoutSettingsUpdateSchema = payoutSettingsSchema
  .partial()
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Nothing to update: send at least one field to change',
  );
export type PayoutSettingsUpdate = z.infer<typeof payoutSettingsUpdateSchema>;

export const payoutSettingsViewSchema = z.object({
  payout_schedule: z.enum(PAYOUT_SCHEDULES),
  minimum_payout: moneySchema,
  hold_days: z.number(),
  last_run_at: isoDateSchema.nullable(),
  provider: z.enum(['test', 'stripe']),
});
export type PayoutSettingsView = z.output<typeof payoutSettingsViewSchema>;

/** What a seller has earned, in dollars, straight from the ledger. */
export const sellerBalanceViewSchema = z.object({
  /** Sales still inside the hold (refund window), net of their refunds. */
  pending: moneySchema,
  /** Sales of orders with an open refund request: not paid out until an admin decides it. */
  held: moneySchema,
  /** Why money is held (null when nothing is). */
  held_reason: z.enum(['refund_requested']).nullable(),
  /** Released sales minus everything paid or being paid; negative after a refund of money already paid out. */
  available: moneySchema,
  /** Transfers on their way to the bank. */
  in_transit: moneySchema,
  paid_out: moneySchema,
  hold_days: z.number(),
  minimum_payout: moneySchema,
  /** When the oldest pending sale is released, if any. */
  next_release_at: isoDateSchema.nullable(),
  currency: z.literal('usd'),
});
export type SellerBalanceView = z.output<typeof sellerBalanceViewSchema>;

export const payoutViewSchema = z.object({
  id: z.string(),
  seller_id: z.string(),
  seller_name: z.string(),
  seller_email: z.string(),
  amount: moneySchema,
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.string(),
  provider_transfer_id: z.string().nullable(),
  account: z.string().nullable(),
  failure_reason: z.string().nullable(),
  trigger: z.string(),
  created_at: isoDateSchema,
  paid_at: isoDateSchema.nullable(),
});
export type PayoutView = z.output<typeof payoutViewSchema>;

export const statementLineSchema = z.object({
  date: isoDateSchema,
  type: z.enum(['sale', 'refund', 'payout', 'payout_reversed']),
  reference: z.string(),
  description: z.string(),
  amount: moneySchema,
  /** Sales and refunds: when the money is (or was) released; null for payouts. */
  available_on: isoDateSchema.nullable(),
  status: z.string(),
});
export type StatementLine = z.output<typeof statementLineSchema>;

export const sellerPayoutListSchema = pagedListSchema('payouts', payoutViewSchema);
export type SellerPayoutList = z.output<typeof sellerPayoutListSchema>;
export const transferListSchema = pagedListSchema('transfers', payoutViewSchema);
export type TransferList = z.output<typeof transferListSchema>;

/** One seller's result of a payout run. */
export const payoutOutcomeSchema = z.object({
  seller_id: z.string(),
  status: z.enum(['paid', 'failed', 'processing', 'skipped']),
  reason: z
    .enum(['no_account', 'account_needs_setup', 'in_transit', 'below_minimum', 'nothing_available', 'seller_suspended'])
    .optional(),
  payout: payoutViewSchema.optional(),
});
export type PayoutOutcome = z.output<typeof payoutOutcomeSchema>;

export const payoutListQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES, { error: 'Unknown status' }).optional(),
  seller_id: z.uuid({ error: 'Seller id must be a valid id' }).optional(),
  ...pagingQueryFields(STANDARD_PAGING),
});

export const triggerTransferSchema = z
  .object({
    /** An order id or its payment intent id: pays out that sale's sellers. */
    payment_id: z.string().trim().min(1, 'Payment id is required').max(200).refine(noNul, 'Payment id is not valid').optional(),
    seller_id: z.uuid({ error: 'Seller id must be a valid id' }).optional(),
  })
  .default({});
export type TriggerTransferInput = z.infer<typeof triggerTransferSchema>;
