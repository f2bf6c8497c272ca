import {
  buyerPaymentListSchema,
  exchangeRateSchema,
  PAYMENT_HISTORY_LIMIT,
  pagingQuerySchema,
  paymentAnalyticsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayRangeFields, resolveDayRange } from '../../lib/date-range';
import type { ApiTag } from '../../lib/openapi';
import { exchangeRate, exchangeRateQuery } from '../ai-pool/service';
import { currentUser, requireAuth } from '../auth/guard';
import { buyerPaymentHistory, paymentAnalytics } from './service';

const tags: ApiTag[] = ['Payments'];

const ANALYTICS_DEFAULT_DAYS = 30;
const historyQuery = pagingQuerySchema({ defaultLimit: PAYMENT_HISTORY_LIMIT, maxLimit: 100 });

/** Money reports under /payments: admin analytics from the ledger, and each buyer's own payments. */
export const paymentReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/analytics',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'getPaymentAnalytics',
        summary: 'Report payments over a period',
        tags,
        querystring: z.object(dayRangeFields),
        response: { 200: paymentAnalyticsSchema },
      },
    },
    async (request) => paymentAnalytics(deps, resolveDayRange(request.query, ANALYTICS_DEFAULT_DAYS)),
  );

  // Spec §7 also lists the rate under /payments; it is the AI token pool's rate, for admins.
  app.get(
    '/exchange-rate',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'getPaymentExchangeRate',
        summary: 'Return the exchange rate between two currencies',
        tags,
        querystring: exchangeRateQuery,
        response: { 200: exchangeRateSchema },
      },
    },
    async (request) => exchangeRate(deps, request.query.from_currency, request.query.to_currency),
  );

  app.get(
    '/history',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'listPaymentHistory',
        summary: 'List the signed-in user’s payments',
        tags,
        querystring: historyQuery,
        response: { 200: buyerPaymentListSchema },
      },
    },
    async (request) => buyerPaymentHistory(deps, currentUser(request).id, request.query.page, request.query.limit),
  );
};
