import { z } from 'zod';

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

export interface AiTokenSettings {
  wallet_address: string | null;
  token: string;
  auto_transfer_enabled: boolean;
  auto_transfer_threshold: number;
  schedule: AiPoolSchedule;
  updated_at: string;
}

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

export interface AiPoolTransfer {
  id: string;
  status: AiPoolTransferStatus;
  trigger: 'manual' | 'scheduled';
  amount: number;
  token: string;
  token_amount: string;
  exchange_rate: string;
  wallet_address: string;
  provider: string;
  transfer_id: string | null;
  failure_reason: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface AiPoolDay {
  date: string;
  inflow: number;
  refunds: number;
  net: number;
  transferred: number;
}

export interface AiPoolDashboard {
  days: number;
  pool_balance: number;
  total_contributed: number;
  total_transferred: number;
  pending_transfer: number;
  inflow_in_period: number;
  transferred_in_period: number;
  daily: AiPoolDay[];
  recent_transfers: AiPoolTransfer[];
  settings: AiTokenSettings;
}

export interface AiPoolRevenueReport {
  start_date: string;
  end_date: string;
  totals: { inflow: number; refunds: number; net: number; transferred: number };
  days: AiPoolDay[];
}

export interface ExchangeRate {
  from_currency: string;
  to_currency: string;
  rate: string;
  source: string;
  as_of: string;
}

/** A transfer as the public page shows it: amounts, dates, ids, the platform's wallet; no people. */
export interface PublicAiPoolTransfer {
  id: string;
  amount: number;
  token: string;
  token_amount: string;
  wallet_address: string;
  transfer_id: string | null;
  completed_at: string | null;
}

export interface PublicAiPoolSummary {
  total_contributed: number;
  total_transferred: number;
  pool_balance: number;
  token: string;
  transfers: PublicAiPoolTransfer[];
}

export interface PaymentAnalyticsDay {
  date: string;
  gross: number;
  refunds: number;
  platform_fees: number;
  ai_pool: number;
  seller_share: number;
  net: number;
  orders: number;
}

export interface PaymentAnalytics {
  start_date: string;
  end_date: string;
  currency: 'USD';
  totals: Omit<PaymentAnalyticsDay, 'date'>;
  daily: PaymentAnalyticsDay[];
}

export interface BuyerPayment {
  order_id: string;
  order_number: string;
  status: 'paid' | 'refunded';
  amount: number;
  refunded_amount: number;
  currency: 'USD';
  provider: string | null;
  paid_at: string | null;
  refunded_at: string | null;
}

export interface BuyerPaymentList {
  payments: BuyerPayment[];
  total: number;
  page: number;
  pages: number;
}
