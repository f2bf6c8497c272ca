import {
  promoCodeChangeSchema,
  promoCodeListSchema,
  promoCodeSchema,
  promoCodeUpdateSchema,
  promoCodeViewSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { guardEveryRoute, requireAuth } from '../auth/guard';
import {
  adminPromoCodesQuery,
  createPromoCode,
  deactivatePromoCode,
  getPromoCode,
  listPromoCodes,
  updatePromoCode,
} from './service';

const tags: ApiTag[] = ['Promo codes'];

const promoParams = idParams('Promo code not found');
const promoChange = { 200: promoCodeChangeSchema };

/** Promo codes in the admin console (registered under /admin). Every route: role admin only. */
export const adminPromoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/promo-codes',
    {
      schema: {
        operationId: 'listPromoCodes',
        summary: 'List promo codes',
        tags,
        querystring: adminPromoCodesQuery,
        response: { 200: promoCodeListSchema },
      },
    },
    async (request) => listPromoCodes(deps, request.query),
  );
  app.get(
    '/promo-codes/:id',
    {
      schema: {
        operationId: 'getPromoCode',
        summary: 'Return a promo code',
        tags,
        params: promoParams,
        response: { 200: promoCodeViewSchema },
      },
    },
    async (request) => getPromoCode(deps, request.params.id),
  );
  app.post(
    '/promo-codes',
    {
      schema: {
        operationId: 'createPromoCode',
        summary: 'Create a promo code',
        tags,
        errorCodes: ['CONFLICT'],
        body: promoCodeSchema,
        response: { 201: promoCodeChangeSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { message: 'Promo code created', promo_code: await createPromoCode(deps, request.body) };
    },
  );
  app.put(
    '/promo-codes/:id',
    {
      schema: {
        operationId: 'updatePromoCode',
        summary: 'Change a promo code',
        tags,
        params: promoParams,
        body: promoCodeUpdateSchema,
        response: promoChange,
      },
    },
    async (request) => ({
      message: 'Promo code updated',
      promo_code: await updatePromoCode(deps, request.params.id, request.body),
    }),
  );
  app.post(
    '/promo-codes/:id/deactivate',
    {
      schema: {
        operationId: 'deactivatePromoCode',
        summary: 'Deactivate a promo code',
        tags,
        params: promoParams,
        response: promoChange,
      },
    },
    async (request) => deactivatePromoCode(deps, request.params.id),
  );
  app.delete(
    '/promo-codes/:id',
    {
      schema: {
        operationId: 'deletePromoCode',
        summary: 'Delete a promo code',
        tags,
        params: promoParams,
        response: promoChange,
      },
    },
    async (request) => deactivatePromoCode(deps, request.params.id),
  );
};
