import { saleAlertSettingsSchema, saleAlertSettingsUpdateSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { getSaleAlertSettings, updateSaleAlertSettings } from './service';

const tags: ApiTag[] = ['Notifications'];

/** /seller/sale-alerts: whether the seller also gets an e-mail for every sale and refund. */
export const sellerSaleAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('seller', 'admin'));
  app.get(
    '/sale-alerts',
    {
      schema: {
        operationId: 'getSaleAlertSettings',
        summary: 'Whether the signed-in seller gets an e-mail for every sale and refund',
        tags,
        response: { 200: saleAlertSettingsSchema },
      },
    },
    async (request) => getSaleAlertSettings(deps, currentUser(request).id),
  );
  app.put(
    '/sale-alerts',
    {
      schema: {
        operationId: 'updateSaleAlertSettings',
        summary: 'Turn the sale and refund e-mails on or off (the in-app notifications stay)',
        tags,
        body: saleAlertSettingsUpdateSchema,
        response: { 200: saleAlertSettingsSchema },
      },
    },
    async (request) => updateSaleAlertSettings(deps, currentUser(request).id, request.body.emails),
  );
};
