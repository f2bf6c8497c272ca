import {
  AI_POOL_DASHBOARD_DAYS,
  AI_POOL_HISTORY_LIMIT,
  AI_POOL_TRANSFER_STATUSES,
  aiPoolDashboardSchema,
  aiPoolRevenueReportSchema,
  aiPoolTransferDoneSchema,
  aiPoolTransferHistorySchema,
  aiTokenSettingsSavedSchema,
  aiTokenSettingsSchema,
  aiTokenSettingsUpdateSchema,
  blankToUndefined,
  exchangeRateSchema,
  manualTransferSchema,
  type PublicAiPoolSummary,
  pagingQueryFields,
  publicAiPoolSummarySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayRangeFields, resolveDayRange } from '../../lib/date-range';
import { MicroCache } from '../../lib/micro-cache';
import { dollarsToCents } from '../../lib/money';
import type { ApiTag } from '../../lib/openapi';
import { nonEmptyUpdate } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { poolDashboard, poolRevenueReport, publicPoolSummary, revenueReportCsv, transferHistory } from './figures';
import { exchangeRateQuery } from './service';
import { loadPoolSettings, presentPoolSettings, updatePoolSettings } from './settings';
import { exchangeRate, triggerPoolTransfer } from './transfers';

const tags: ApiTag[] = ['AI token pool'];

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const whole = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int(`${field} must be a whole number from ${min} to ${max}`)
    .min(min, `${field} must be a whole number from ${min} to ${max}`)
    .max(max, `${field} must be a whole number from ${min} to ${max}`);

const dashboardQuery = z.object({ days: optional(whole('days', 1, 365)).default(AI_POOL_DASHBOARD_DAYS) });
const historyQuery = z.object({
  ...pagingQueryFields({ defaultLimit: AI_POOL_HISTORY_LIMIT, maxLimit: 200 }),
  status: optional(z.enum(AI_POOL_TRANSFER_STATUSES, { error: 'status must be pending, completed or failed' })),
});
const reportQuery = z.object({
  ...dayRangeFields,
  format: optional(z.enum(['json', 'csv'], { error: 'format must be json or csv' })).default('json'),
});
const publicQuery = z.object({ limit: optional(whole('limit', 1, 200)).default(AI_POOL_HISTORY_LIMIT) });

/** Spec §7 AI-token payments: the pool's admin routes, under /ai-token-payments. */
export const aiPoolAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/dashboard',
    {
      schema: {
        operationId: 'getAiPoolDashboard',
        summary: 'Return the AI-token pool’s balance and recent activity',
        tags,
        querystring: dashboardQuery,
        response: { 200: aiPoolDashboardSchema },
      },
    },
    async (request) => poolDashboard(deps, request.query.days),
  );

  app.get(
    '/transfer-history',
    {
      schema: {
        operationId: 'listAiPoolTransfers',
        summary: 'List the pool’s transfers',
        tags,
        querystring: historyQuery,
        response: { 200: aiPoolTransferHistorySchema },
      },
    },
    async (request) => transferHistory(deps.db, request.query, request.query.status),
  );

  app.get(
    '/revenue-report',
    {
      schema: {
        operationId: 'getAiPoolRevenueReport',
        summary: 'Report the pool’s revenue over a period',
        tags,
        querystring: reportQuery,
        response: { 200: z.union([aiPoolRevenueReportSchema, z.string().describe('CSV (format=csv)')]) },
      },
    },
    async (request, reply) => {
      const range = resolveDayRange(request.query, AI_POOL_DASHBOARD_DAYS);
      const report = await poolRevenueReport(deps, range);
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ai-pool-revenue-${range.start}-to-${range.end}.csv"`)
          .send(revenueReportCsv(report));
      }
      return report;
    },
  );

  app.get(
    '/exchange-rate',
    {
      schema: {
        operationId: 'getAiTokenExchangeRate',
        summary: 'Return the exchange rate used for the pool',
        tags,
        querystring: exchangeRateQuery,
        response: { 200: exchangeRateSchema },
      },
    },
    async (request) => exchangeRate(deps, request.query.from_currency, request.query.to_currency),
  );

  app.get(
    '/ai-token-settings',
    {
      schema: {
        operationId: 'getAiTokenSettings',
        summary: 'Return the pool’s settings',
        tags,
        response: { 200: aiTokenSettingsSchema },
      },
    },
    async () => presentPoolSettings(await loadPoolSettings(deps.db)),
  );

  app.put(
    '/ai-token-settings',
    {
      schema: {
        operationId: 'updateAiTokenSettings',
        summary: 'Change the pool’s settings',
        tags,
        body: nonEmptyUpdate(aiTokenSettingsUpdateSchema),
        response: { 200: aiTokenSettingsSavedSchema },
      },
    },
    async (request) => ({
      message: 'AI token settings saved',
      settings: await updatePoolSettings(deps, request.body, { id: currentUser(request).id, ip: request.ip }),
    }),
  );

  app.post(
    '/trigger-manual-transfer',
    {
      schema: {
        operationId: 'triggerAiPoolTransfer',
        summary: 'Transfer the pool’s balance now',
        tags,
        errorCodes: ['CONFLICT', 'PROVIDER_ERROR'],
        body: manualTransferSchema,
        response: { 200: aiPoolTransferDoneSchema },
      },
    },
    async (request) => {
      const transfer = await triggerPoolTransfer(deps, {
        trigger: 'manual',
        amountCents: request.body.amount === undefined ? undefined : dollarsToCents(request.body.amount),
        actorId: currentUser(request).id,
        ip: request.ip,
      });
      return { message: 'Transfer completed', transfer };
    },
  );
};

/** The public transparency summary behind /ai-pool: totals and completed transfers, no personal data. */
export const aiPoolPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The same for everyone: kept as briefly as a catalogue page, so a crowd costs a few queries.
  const summaries = new MicroCache<PublicAiPoolSummary>(deps.config.catalogCacheMs, 10);
  app.get(
    '/public/summary',
    {
      schema: {
        operationId: 'getAiPoolPublicSummary',
        summary: 'Return the pool’s public totals and completed transfers',
        tags,
        querystring: publicQuery,
        response: { 200: publicAiPoolSummarySchema },
      },
    },
    async (request) => summaries.get(String(request.query.limit), () => publicPoolSummary(deps, request.query.limit)),
  );
};
