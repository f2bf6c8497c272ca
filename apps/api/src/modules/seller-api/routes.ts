import {
  apiTokenCreateSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
  messageSchema,
  pagingQueryFields,
  STANDARD_PAGING,
  sellerSaleListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { createApiToken, listApiTokens, listSales, revokeSellerApiToken } from './service';

const tags: ApiTag[] = ['Sellers'];
const tokenParams = idParams('API token not found');

/** /seller/api-tokens: the seller's own API tokens (only a signed-in session manages them, never a token). */
export const sellerApiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('seller', 'admin'));

  app.get(
    '/sales',
    {
      config: { apiTokenScope: 'sales:read' },
      schema: {
        operationId: 'listSellerSaleRecords',
        summary: 'List the seller’s sales and refunds, newest first, with the seller’s share and own lines',
        tags,
        querystring: z.object(pagingQueryFields(STANDARD_PAGING)),
        response: { 200: sellerSaleListSchema },
      },
    },
    async (request) => listSales(deps, currentUser(request), request.query),
  );

  app.get(
    '/api-tokens',
    {
      schema: {
        operationId: 'listSellerApiTokens',
        summary: 'List the seller’s API tokens in force (prefix, name, scopes, created, last used)',
        tags,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => listApiTokens(deps, currentUser(request)),
  );

  app.post(
    '/api-tokens',
    {
      schema: {
        operationId: 'createSellerApiToken',
        summary: 'Create a read-only API token; the answer is the only time the token is shown',
        tags,
        errorCodes: ['CONFLICT'],
        body: apiTokenCreateSchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createApiToken(deps, currentUser(request), request.body);
    },
  );

  app.delete(
    '/api-tokens/:id',
    {
      schema: {
        operationId: 'revokeSellerApiToken',
        summary: 'Revoke one of the seller’s API tokens (it stops working at once)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: tokenParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await revokeSellerApiToken(deps, currentUser(request), request.params.id);
      return { message: 'API token revoked' };
    },
  );
};
