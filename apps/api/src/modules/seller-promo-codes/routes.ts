import {
  sellerPromoCodeChangeSchema,
  sellerPromoCodeListQuerySchema,
  sellerPromoCodeListSchema,
  sellerPromoCodeSchema,
  sellerPromoCodeUpdateSchema,
  sellerPromoCodeViewSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import {
  createSellerPromoCode,
  deactivateSellerPromoCode,
  getSellerPromoCode,
  listSellerPromoCodes,
  updateSellerPromoCode,
} from './service';

const tags: ApiTag[] = ['Promo codes'];
const params = idParams('Discount code not found');

/**
 * /seller/promo-codes: a seller's discount codes for their own products (docs/decisions/0045).
 * Sellers only: admins see every code, sellers' included, in /admin/promo-codes.
 */
export const sellerPromoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('seller'));
  app.get(
    '/promo-codes',
    {
      schema: {
        operationId: 'listSellerPromoCodes',
        summary: 'List the signed-in seller’s discount codes',
        tags,
        querystring: sellerPromoCodeListQuerySchema,
        response: { 200: sellerPromoCodeListSchema },
      },
    },
    async (request) => listSellerPromoCodes(deps, currentUser(request).id, request.query),
  );
  app.get(
    '/promo-codes/:id',
    {
      schema: {
        operationId: 'getSellerPromoCode',
        summary: 'Return one of the seller’s discount codes',
        tags,
        params,
        response: { 200: sellerPromoCodeViewSchema },
      },
    },
    async (request) => getSellerPromoCode(deps, currentUser(request).id, request.params.id),
  );
  app.post(
    '/promo-codes',
    {
      schema: {
        operationId: 'createSellerPromoCode',
        summary: 'Create a discount code for the seller’s own products',
        tags,
        errorCodes: ['CONFLICT'],
        body: sellerPromoCodeSchema,
        response: { 201: sellerPromoCodeChangeSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        message: 'Discount code created',
        promo_code: await createSellerPromoCode(deps, currentUser(request).id, request.body),
      };
    },
  );
  app.put(
    '/promo-codes/:id',
    {
      schema: {
        operationId: 'updateSellerPromoCode',
        summary: 'Change a discount code: on or off, end, limits, products',
        tags,
        params,
        body: sellerPromoCodeUpdateSchema,
        response: { 200: sellerPromoCodeChangeSchema },
      },
    },
    async (request) => ({
      message: 'Discount code updated',
      promo_code: await updateSellerPromoCode(deps, currentUser(request).id, request.params.id, request.body),
    }),
  );
  app.delete(
    '/promo-codes/:id',
    {
      schema: {
        operationId: 'deactivateSellerPromoCode',
        summary: 'Deactivate a discount code (kept for the orders that used it)',
        tags,
        params,
        response: { 200: sellerPromoCodeChangeSchema },
      },
    },
    async (request) => deactivateSellerPromoCode(deps, currentUser(request).id, request.params.id),
  );
};
