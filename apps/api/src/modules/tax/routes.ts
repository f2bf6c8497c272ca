import {
  messageSchema,
  TAX_RATE_NOT_FOUND,
  taxQuoteQuerySchema,
  taxQuoteSchema,
  taxRateInputSchema,
  taxRateListSchema,
  taxRateSchema,
  taxReportQuerySchema,
  taxReportSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { guardEveryRoute, requireAuth } from '../auth/guard';
import { changeRate, createRate, listRates, quoteTaxRate, removeRate, taxReport, taxReportCsv } from './service';

const tags: ApiTag[] = ['Orders'];
const rateParams = idParams(TAX_RATE_NOT_FOUND);

/** GET /tax/rate: the rate a checkout would charge a billing place now; public, like the prices it applies to. */
export const publicTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/rate',
    {
      schema: {
        operationId: 'quoteTaxRate',
        summary: 'Return the tax rate a checkout would charge for a billing country (and US state)',
        tags,
        querystring: taxQuoteQuerySchema,
        response: { 200: taxQuoteSchema },
      },
    },
    async (request) => quoteTaxRate(deps, { country: request.query.country, region: request.query.region }),
  );
};

/** The tax table and the tax report in the admin console (registered under /admin). Every route: role admin only. */
export const adminTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/tax-rates',
    {
      schema: {
        operationId: 'listTaxRates',
        summary: 'List the tax rates by country and region',
        tags,
        response: { 200: taxRateListSchema },
      },
    },
    async () => listRates(deps),
  );
  app.post(
    '/tax-rates',
    {
      schema: {
        operationId: 'createTaxRate',
        summary: 'Add a tax rate for a country (or a US state)',
        tags,
        body: taxRateInputSchema,
        response: { 201: taxRateSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createRate(deps, request.body);
    },
  );
  app.put(
    '/tax-rates/:id',
    {
      schema: {
        operationId: 'updateTaxRate',
        summary: 'Change a tax rate; orders already placed keep what they charged',
        tags,
        params: rateParams,
        body: taxRateInputSchema,
        response: { 200: taxRateSchema },
      },
    },
    async (request) => changeRate(deps, request.params.id, request.body),
  );
  app.delete(
    '/tax-rates/:id',
    {
      schema: {
        operationId: 'deleteTaxRate',
        summary: 'Remove a tax rate (the place pays no tax from the next checkout on)',
        tags,
        params: rateParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => removeRate(deps, request.params.id),
  );
  app.get(
    '/tax-report',
    {
      schema: {
        operationId: 'getTaxReport',
        summary: 'Report net, tax and gross per billing country for a month, refunds netted out (JSON or CSV)',
        tags,
        querystring: taxReportQuerySchema,
        response: { 200: z.union([taxReportSchema, z.string().describe('CSV (format=csv)')]) },
      },
    },
    async (request, reply) => {
      const report = await taxReport(deps, request.query.month);
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tax-report-${report.month}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(taxReportCsv(report));
      }
      return report;
    },
  );
};
