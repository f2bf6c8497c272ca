import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { pagedListSchema } from './paging';

/** The AI token pool and payment reports contract (spec §7 AI-token payments, Payments admin; §9). */

export const AI_POOL_DASHBOARD_DAYS = 30;
export const AI_POOL_HISTORY_LIMIT = 50;
export const PAYMENT_HISTORY_LIMIT = 20;
export const AI_POOL_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type AiPoolSchedule = (typeof AI_POOL_SCHEDULES)[number];
export const AI_POOL_TRANSFER_STATUSES = ['pending', 'completed', 'failed'] as const;
export type AiPoolTransferStatus = (typeof AI_POOL_TRANSFER_STATUSES)[number];

export const WALLET_ADDRESS_MESSAGE = 'Please enter a valid wallet address (0x followed by 40 hexadecimal characters)';
/** Largest auto-transfer threshold, in USD (keeps cents inside an integer column). */
export const AI_POOL_MAX_THRESHOLD = 1_000_000;

/** The settings form: every field. */
export const aiTokenSettingsFields = z.object({
  wallet_address: z
    .string({ error: WALLET_ADDRESS_MESSAGE })
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, WALLET_ADDRESS_MESSAGE),
  auto_transfer_enabled: z.boolean({ error: 'auto_transfer_enabled must be true or false' }),
  auto_transfer_threshold: z
    .number({ error: 'Threshold must be a number' })
    .min(1, 'Threshold must be at least $1.00')
    .max(AI_POOL_MAX_THRESHOLD, 'Threshold must be at most $1,000,000.00')
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: 'Threshold can have at most two decimals',
    }),
  schedule: z.enum(AI_POOL_SCHEDULES, { error: 'Schedule must be daily, weekly or monthly' }),
});

/** PUT /ai-token-payments/ai-token-settings: any subset of the fields. */
export const aiTokenSettingsUpdateSchema = aiTokenSettingsFields.partial();
export type AiTokenSettingsUpdate = z.output<typeof aiTokenSettingsUpdateSchema>;

export const aiTokenSettingsSchema = z.object({
  wallet_address: z.string().nullable(),
  token: z.string(),
  auto_transfer_enabled: z.boolean(),
  auto_transfer_threshold: moneySchema,
  schedule: z.enum(AI_POOL_SCHEDULES),
  updated_at: isoDateSchema,
});
export type AiTokenSettings = z.output<typeof aiTokenSettingsSchema>;
export const aiTokenSettingsSavedSchema = z.object({ message: z.string(), settings: aiTokenSettingsSchema });

/** POST /ai-token-payments/trigger-manual-transfer: send the whole balance, or `amount` USD of it. */
export const manualTransferSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    amount: z
      .number({ error: 'Amount must be a number' })
      .positive('Amount must be more than $0.00')
      .max(AI_POOL_MAX_THRESHOLD * 100, 'Amount is too large')
      .optional(),
  }),
);

export const aiPoolTransferSchema = z.object({
  id: z.string(),
  status: z.enum(AI_POOL_TRANSFER_STATUSES),
  trigger: z.enum(['manual', 'scheduled']),
  amount: moneySchema,
  token: z.string(),
  /** Decimal text with 6 decimals. */
  token_amount: z.string(),
  exchange_rate: z.string(),
  wallet_address: z.string(),
  provider: z.string(),
  transfer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: isoDateSchema,
  completed_at: isoDateSchema.nullable(),
});
export type AiPoolTransfer = z.output<typeof aiPoolTransferSchema>;
export const aiPoolTransferDoneSchema = z.object({ message: z.string(), transfer: aiPoolTransferSchema });
/** Spec §7 names `transfers`, `total` and `limit`; `page` and `pages` are the standard envelope's. */
export const aiPoolTransferHistorySchema = pagedListSchema('transfers', aiPoolTransferSchema).extend({ limit: z.number().int() });
export type AiPoolTransferHistory = z.output<typeof aiPoolTransferHistorySchema>;

export const aiPoolDaySchema = z.object({
  date: z.string(),
  inflow: moneySchema,
  refunds: moneySchema,
  net: moneySchema,
  transferred: moneySchema,
});
export type AiPoolDay = z.output<typeof aiPoolDaySchema>;

export const aiPoolDashboardSchema = z.object({
  days: z.number().int(),
  /** What may be transferred now. */
  pool_balance: moneySchema,
  /** Not yet transferable: sales inside the refund hold or with an open refund request. */
  held: moneySchema,
  total_contributed: moneySchema,
  total_transferred: moneySchema,
  pending_transfer: moneySchema,
  inflow_in_period: moneySchema,
  transferred_in_period: moneySchema,
  daily: z.array(aiPoolDaySchema),
  recent_transfers: z.array(aiPoolTransferSchema),
  settings: aiTokenSettingsSchema,
});
export type AiPoolDashboard = z.output<typeof aiPoolDashboardSchema>;

export const aiPoolRevenueReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object({ inflow: moneySchema, refunds: moneySchema, net: moneySchema, transferred: moneySchema }),
  days: z.array(aiPoolDaySchema),
});
export type AiPoolRevenueReport = z.output<typeof aiPoolRevenueReportSchema>;

export const exchangeRateSchema = z.object({
  from_currency: z.string(),
  to_currency: z.string(),
  rate: z.string(),
  source: z.string(),
  as_of: isoDateSchema,
});
export type ExchangeRate = z.output<typeof exchangeRateSchema>;

/** A transfer as the public page shows it: amounts, dates, ids, the platform's wallet; no people. */
export const publicAiPoolTransferSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  token: z.string(),
  token_amount: z.string(),
  wallet_address: z.string(),
  transfer_id: z.string().nullable(),
  completed_at: isoDateSchema.nullable(),
});
export type PublicAiPoolTransfer = z.output<typeof publicAiPoolTransferSchema>;

export const publicAiPoolSummarySchema = z.object({
  total_contributed: moneySchema,
  total_transferred: moneySchema,
  pool_balance: moneySchema,
  token: z.string(),
  transfers: z.array(publicAiPoolTransferSchema),
});
export type PublicAiPoolSummary = z.output<typeof publicAiPoolSummarySchema>;

const analyticsFigures = {
  gross: moneySchema,
  refunds: moneySchema,
  platform_fees: moneySchema,
  ai_pool: moneySchema,
  seller_share: moneySchema,
  /** Referral commission, taken out of the platform fee (net = platform fees + AI pool + seller share + this). */
  affiliate_commissions: moneySchema,
  net: moneySchema,
  orders: z.number().int(),
};
export const paymentAnalyticsDaySchema = z.object({ date: z.string(), ...analyticsFigures });
export type PaymentAnalyticsDay = z.output<typeof paymentAnalyticsDaySchema>;

export const paymentAnalyticsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  currency: z.literal('USD'),
  totals: z.object(analyticsFigures),
  daily: z.array(paymentAnalyticsDaySchema),
});
export type PaymentAnalytics = z.output<typeof paymentAnalyticsSchema>;

export const buyerPaymentSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.enum(['paid', 'refunded']),
  amount: moneySchema,
  refunded_amount: moneySchema,
  currency: z.literal('USD'),
  provider: z.string().nullable(),
  paid_at: isoDateSchema.nullable(),
  refunded_at: isoDateSchema.nullable(),
});
export type BuyerPayment = z.output<typeof buyerPaymentSchema>;

export const buyerPaymentListSchema = pagedListSchema('payments', buyerPaymentSchema);
export type BuyerPaymentList = z.output<typeof buyerPaymentListSchema>;
