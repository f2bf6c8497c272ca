import {
  listedProductSchema,
  loginRequestSchema,
  messageSchema,
  publicProductSchema,
  simpleAdminChangeSchema,
  simpleAdminDashboardSchema,
  simpleAdminListSchema,
  simpleAdminProductsSchema,
  simpleAdminSessionSchema,
  updateSimpleAdminSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams, nonEmptyUpdate } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { loginWithRole, sendSession } from '../auth/service';
import { presentProduct } from '../catalog/present';
import { createListedProduct, editMessage, requireOwnProduct, updateListedProduct } from '../products/service';
import { sellerStats } from '../sellers/service';
import {
  createSimpleAdmin,
  createSimpleAdminSchema,
  deleteSimpleAdmin,
  listSimpleAdmins,
  simpleAdminProducts,
  skipLimitQuery,
  updateSimpleAdmin,
} from './service';

const tags: ApiTag[] = ['Simple admins'];

const simpleAdminParams = idParams('Simple admin not found');
const productParams = idParams('Product not found');

/** Each path and the suffix of its operationIds: the spec's `-no-auth` alias is a second operation. */
const SIMPLE_ADMIN_PATHS = [
  ['/simple-admins', ''],
  ['/simple-admins-no-auth', 'Alias'],
] as const;

/**
 * Super admin (role admin) manages simple admins. The spec's `-no-auth` paths are kept as
 * aliases, but they demand exactly the same admin sign-in.
 */
export const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));
  for (const [base, alias] of SIMPLE_ADMIN_PATHS) {
    app.get(
      base,
      {
        schema: {
          operationId: `listSimpleAdmins${alias}`,
          summary: 'List simple admins',
          tags,
          response: { 200: simpleAdminListSchema },
        },
      },
      async () => listSimpleAdmins(deps),
    );
    app.post(
      base,
      {
        schema: {
          operationId: `createSimpleAdmin${alias}`,
          summary: 'Create a simple admin',
          tags,
          errorCodes: ['CONFLICT'],
          body: createSimpleAdminSchema,
          response: { 201: simpleAdminChangeSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return createSimpleAdmin(deps, request.body);
      },
    );
    app.put(
      `${base}/:id`,
      {
        schema: {
          operationId: `updateSimpleAdmin${alias}`,
          summary: 'Change a simple admin',
          tags,
          errorCodes: ['CONFLICT'],
          params: simpleAdminParams,
          body: nonEmptyUpdate(updateSimpleAdminSchema),
          response: { 200: simpleAdminChangeSchema },
        },
      },
      async (request) => updateSimpleAdmin(deps, request.params.id, request.body),
    );
    app.delete(
      `${base}/:id`,
      {
        schema: {
          operationId: `deleteSimpleAdmin${alias}`,
          summary: 'Delete a simple admin',
          tags,
          params: simpleAdminParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => deleteSimpleAdmin(deps, request.params.id),
    );
    app.put(
      `${base}/:id/toggle-status`,
      {
        schema: {
          operationId: `setSimpleAdminStatus${alias}`,
          summary: 'Activate or deactivate a simple admin',
          tags,
          errorCodes: ['CONFLICT'],
          params: simpleAdminParams,
          body: z.object({ is_active: z.boolean() }),
          response: { 200: simpleAdminChangeSchema },
        },
      },
      async (request) => updateSimpleAdmin(deps, request.params.id, { is_active: request.body.is_active }),
    );
  }
};

/** GET /admin/simple-admins/{id}/products (and the -no-auth alias): admins only. */
export const adminSimpleAdminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [base, alias] of SIMPLE_ADMIN_PATHS) {
    app.get(
      `${base}/:id/products`,
      {
        onRequest: requireAuth('admin'),
        schema: {
          operationId: `listSimpleAdminProducts${alias}`,
          summary: 'List the products a simple admin listed',
          tags,
          params: simpleAdminParams,
          querystring: skipLimitQuery,
          response: { 200: simpleAdminProductsSchema },
        },
      },
      async (request) => simpleAdminProducts(app.deps, request.params.id, request.query),
    );
  }
};

/** The simple-admin area: sign-in, dashboard, and their own products (always pending until approved). */
export const simpleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const simpleAdmin = { onRequest: requireAuth('simple_admin') };

  app.post(
    '/login',
    {
      schema: {
        operationId: 'loginSimpleAdmin',
        summary: 'Sign in as a simple admin',
        tags,
        errorCodes: ['UNAUTHORIZED', 'TOTP_REQUIRED', 'FORBIDDEN'],
        body: loginRequestSchema,
        response: { 200: simpleAdminSessionSchema },
      },
      config: { rateLimit: { max: deps.config.rateLimit.authPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const result = await loginWithRole(deps, request.body, ['simple_admin'], 'Simple admin access required', {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, ...sendSession(reply, deps, result) };
    },
  );

  app.get(
    '/dashboard',
    {
      ...simpleAdmin,
      schema: {
        operationId: 'getSimpleAdminDashboard',
        summary: 'Return the simple admin’s figures',
        tags,
        response: { 200: simpleAdminDashboardSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const stats = await sellerStats(deps, user);
      const recent = await simpleAdminProducts(deps, user.id, { page: 1, limit: 5 });
      return { ...stats, recent_products: recent.products };
    },
  );

  app.get(
    '/products',
    {
      ...simpleAdmin,
      schema: {
        operationId: 'listOwnListedProducts',
        summary: 'List the simple admin’s own products',
        tags,
        querystring: skipLimitQuery,
        response: { 200: simpleAdminProductsSchema },
      },
    },
    async (request) => simpleAdminProducts(deps, currentUser(request).id, request.query),
  );
  app.post(
    '/products',
    {
      ...simpleAdmin,
      schema: {
        operationId: 'createListedProduct',
        summary: 'List a product (multipart; pending until approved)',
        tags,
        response: { 201: listedProductSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const product = await createListedProduct(deps, currentUser(request), request);
      return { message: 'Product submitted for approval', product, data: product };
    },
  );
  app.get(
    '/products/:id',
    {
      ...simpleAdmin,
      schema: {
        operationId: 'getOwnListedProduct',
        summary: 'Return one of the simple admin’s products',
        tags,
        params: productParams,
        response: { 200: publicProductSchema },
      },
    },
    async (request) => presentProduct(await requireOwnProduct(deps, currentUser(request), request.params.id)),
  );
  app.put(
    '/products/:id',
    {
      ...simpleAdmin,
      schema: {
        operationId: 'updateOwnListedProduct',
        summary: 'Change one of the simple admin’s products (multipart)',
        tags,
        params: productParams,
        response: { 200: listedProductSchema },
      },
    },
    async (request) => {
      const { view: product, outcome } = await updateListedProduct(deps, currentUser(request), request.params.id, request);
      return { message: editMessage(outcome, 'Product updated and sent for approval'), product, data: product };
    },
  );
};
