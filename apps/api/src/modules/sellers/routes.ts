import {
  becameSellerSchema,
  becomeSellerSchema,
  blankToUndefined,
  listedProductSchema,
  messageSchema,
  ownProductListSchema,
  ownProductSchema,
  pagingQueryFields,
  STANDARD_PAGING,
  sellerDashboardStatsSchema,
  sellerProfileUpdateSchema,
  sellerSalesSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, requireAuth } from '../auth/guard';
import {
  createListedProduct,
  deleteListedProduct,
  editMessage,
  getOwnProduct,
  removeListedProductFile,
  updateListedProduct,
} from '../products/service';
import { presentUser } from '../users/present';
import { changeSellerProfile } from './public-service';
import { becomeSeller, listOwnProducts, sellerSalesSeries, sellerStats } from './service';

const tags: ApiTag[] = ['Sellers'];

const productParams = idParams('Product not found');
export const ownProductsQuery = z.object({
  ...pagingQueryFields(STANDARD_PAGING),
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'rejected']).optional()),
  query: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});

/** Seller tools (spec §7 Seller). A seller only ever sees and changes their own products. */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const seller = { onRequest: requireAuth('seller', 'admin') };

  app.post(
    '/become',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'becomeSeller',
        summary: 'Become a seller',
        tags,
        errorCodes: ['NOT_FOUND'],
        body: becomeSellerSchema,
        response: { 200: becameSellerSchema },
      },
    },
    async (request) => {
      const user = await becomeSeller(deps, currentUser(request));
      return { message: 'You are now a seller. List your first product!', user: presentUser(user) };
    },
  );

  app.post(
    '/products',
    {
      ...seller,
      schema: {
        operationId: 'createSellerProduct',
        summary: 'Submit a product for review (multipart, with its files)',
        tags,
        response: { 201: listedProductSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const product = await createListedProduct(deps, currentUser(request), request);
      return { message: 'Product submitted for review', data: product, product };
    },
  );

  app.get(
    '/products',
    {
      ...seller,
      config: { apiTokenScope: 'products:read' },
      schema: {
        operationId: 'listSellerProducts',
        summary: 'List the seller’s own products',
        tags,
        querystring: ownProductsQuery,
        response: { 200: ownProductListSchema },
      },
    },
    async (request) => listOwnProducts(deps, currentUser(request), request.query),
  );

  app.get(
    '/products/:id',
    {
      ...seller,
      config: { apiTokenScope: 'products:read' },
      schema: {
        operationId: 'getSellerProduct',
        summary: 'Return one of the seller’s products',
        tags,
        params: productParams,
        response: { 200: ownProductSchema },
      },
    },
    async (request) => getOwnProduct(deps, currentUser(request), request.params.id),
  );

  app.put(
    '/products/:id',
    {
      ...seller,
      schema: {
        operationId: 'updateSellerProduct',
        summary: 'Change one of the seller’s products (multipart)',
        tags,
        params: productParams,
        response: { 200: listedProductSchema },
      },
    },
    async (request) => {
      const { view: product, outcome } = await updateListedProduct(deps, currentUser(request), request.params.id, request);
      return { message: editMessage(outcome, 'Product updated and sent for review'), data: product, product };
    },
  );

  app.delete(
    '/products/:id/files/:fileId',
    {
      ...seller,
      schema: {
        operationId: 'removeSellerProductFile',
        summary: 'Remove one file of the seller’s product (to replace it) and send it for review',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        params: z.object({ id: z.uuid({ error: 'Product not found' }), fileId: z.uuid({ error: 'File not found' }) }),
        response: { 200: listedProductSchema },
      },
    },
    async (request) => {
      const { id, fileId } = request.params;
      const product = await removeListedProductFile(deps, currentUser(request), id, fileId, request.log);
      return { message: 'File removed and product sent for review', data: product, product };
    },
  );

  app.delete(
    '/products/:id',
    {
      ...seller,
      schema: {
        operationId: 'deleteSellerProduct',
        summary: 'Delete one of the seller’s products',
        tags,
        params: productParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteListedProduct(deps, currentUser(request), request.params.id, request.log);
      return { message: 'Product removed. Buyers who paid keep their downloads.' };
    },
  );

  app.put(
    '/profile',
    {
      ...seller,
      schema: {
        operationId: 'updateSellerProfile',
        summary: 'Change the bio and links of the seller’s public page',
        tags,
        body: sellerProfileUpdateSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await changeSellerProfile(deps, currentUser(request), request.body);
      return { message: 'Seller page saved' };
    },
  );

  app.get(
    '/dashboard/stats',
    {
      ...seller,
      config: { apiTokenScope: 'sales:read' },
      schema: {
        operationId: 'getSellerStats',
        summary: 'Return the seller’s sales figures',
        tags,
        response: { 200: sellerDashboardStatsSchema },
      },
    },
    async (request) => {
      const stats = await sellerStats(deps, currentUser(request));
      return { ...stats, data: stats };
    },
  );

  app.get(
    '/dashboard/sales',
    {
      ...seller,
      config: { apiTokenScope: 'sales:read' },
      schema: {
        operationId: 'listSellerSales',
        summary: 'List the seller’s recent sales',
        tags,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: { 200: sellerSalesSchema },
      },
    },
    async (request) => ({ series: await sellerSalesSeries(deps, currentUser(request), request.query.days) }),
  );
};
