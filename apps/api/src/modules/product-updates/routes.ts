import {
  messageSchema,
  PRODUCT_UPDATE_UNSUBSCRIBE_SCOPES,
  pagingQuerySchema,
  productUpdateNoteSchema,
  productUpdatePostListSchema,
  productUpdatePreferencesSchema,
  productUpdatesAllMutedSchema,
  productUpdateUnsubscribeStateSchema,
  sellerProductUpdateListSchema,
  sellerProductUpdateSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import {
  deleteProductUpdate,
  getUpdatePreferences,
  listPublicUpdateNotes,
  listSellerUpdates,
  postUpdateNote,
  readUnsubscribeLink,
  setAllUpdatesMuted,
  setProductUpdatesMuted,
  unsubscribeByLink,
} from './service';

const tags: ApiTag[] = ['Product updates'];
const productParams = idParams('Product not found');
const updateParams = idParams('Update not found');
const listQuery = pagingQuerySchema({ defaultLimit: 10, maxLimit: 50 });
const tokenQuery = z.object({ token: z.string().max(1000).optional() });

/** GET /products/:id/updates: a product's update notes, for its page. */
export const publicProductUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/:id/updates',
    {
      schema: {
        operationId: 'listProductUpdateNotes',
        summary: 'List the update notes a product’s seller posted, newest first (markdown bodies)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        querystring: listQuery,
        response: { 200: productUpdatePostListSchema },
      },
    },
    async (request) => listPublicUpdateNotes(deps, request.params.id, request.query),
  );
};

/** The seller's side: post an update note to a product's past buyers, and see how each update's sending stands. */
export const sellerProductUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('seller', 'admin'));

  app.get(
    '/products/:id/updates',
    {
      schema: {
        operationId: 'listSellerProductUpdates',
        summary: 'List the updates of the seller’s product with how many were sent, queued or skipped (muted)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        querystring: listQuery,
        response: { 200: sellerProductUpdateListSchema },
      },
    },
    async (request) => listSellerUpdates(deps, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/products/:id/updates',
    {
      schema: {
        operationId: 'postProductUpdateNote',
        summary: 'Post an update note to every past buyer of the seller’s product (in-app and by e-mail)',
        description:
          'Only the product’s own seller. Sent in the background to paid, not refunded buyers who did not mute the product’s updates. At most PRODUCT_UPDATE_NOTES_PER_DAY notes per product in 24 hours (429 beyond).',
        tags,
        errorCodes: ['NOT_FOUND', 'RATE_LIMITED'],
        params: productParams,
        body: productUpdateNoteSchema,
        response: { 201: sellerProductUpdateSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return postUpdateNote(deps, currentUser(request), request.params.id, request.body);
    },
  );
};

/** Admins remove an update (its unsent mails are not sent). */
export const adminProductUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.delete(
    '/product-updates/:id',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'deleteProductUpdate',
        summary: 'Delete a product update: hidden from the product page, and e-mails not yet sent are not sent',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: updateParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteProductUpdate(deps, request.params.id);
      return { message: 'Update deleted' };
    },
  );
};

const unsubscribeBody = z
  .object({ scope: z.enum(PRODUCT_UPDATE_UNSUBSCRIBE_SCOPES, { error: 'scope must be product or all' }).optional() })
  .optional();

/**
 * /product-updates: the signed-in user's settings, and the e-mails' unsubscribe link (no sign-in:
 * GET reads what it names for the confirming page, POST mutes, also as RFC 8058 one-click).
 */
export const productUpdatePreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Mail clients send the one-click unsubscribe as a form post (List-Unsubscribe=One-Click); the token is in the query string.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.get(
    '/unsubscribe',
    {
      schema: {
        operationId: 'readProductUpdateUnsubscribeLink',
        summary: 'Say which product an e-mail’s unsubscribe link names and what is muted already (changes nothing)',
        tags,
        errorCodes: ['BAD_REQUEST'],
        querystring: tokenQuery,
        response: { 200: productUpdateUnsubscribeStateSchema },
      },
    },
    async (request) => readUnsubscribeLink(deps, request.query.token),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeFromProductUpdates',
        summary: 'Stop update e-mails and notifications of the linked product (scope all: of every product)',
        description:
          'The target of the e-mails’ List-Unsubscribe header (RFC 8058 one-click: a form post of List-Unsubscribe=One-Click, which mutes the product) and of the confirming page. No sign-in: the signed token is the proof.',
        tags,
        errorCodes: ['BAD_REQUEST'],
        querystring: tokenQuery,
        body: unsubscribeBody,
        response: { 200: productUpdateUnsubscribeStateSchema },
      },
    },
    async (request) => unsubscribeByLink(deps, request.query.token, request.body?.scope ?? 'product'),
  );

  app.get(
    '/preferences',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'getProductUpdatePreferences',
        summary: 'Return whether the user gets product updates at all, and the products they muted',
        tags,
        response: { 200: productUpdatePreferencesSchema },
      },
    },
    async (request) => getUpdatePreferences(deps, currentUser(request)),
  );

  app.put(
    '/preferences',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'setProductUpdatesMutedForAll',
        summary: 'Turn product updates off (all_muted true) or on again for every product',
        tags,
        body: productUpdatesAllMutedSchema,
        response: { 200: productUpdatePreferencesSchema },
      },
    },
    async (request) => setAllUpdatesMuted(deps, currentUser(request), request.body.all_muted),
  );

  app.put(
    '/preferences/products/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'muteProductUpdates',
        summary: 'Turn off the updates of one product',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        response: { 200: productUpdatePreferencesSchema },
      },
    },
    async (request) => setProductUpdatesMuted(deps, currentUser(request), request.params.id, true),
  );

  app.delete(
    '/preferences/products/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'unmuteProductUpdates',
        summary: 'Turn the updates of one product on again (undo)',
        tags,
        params: productParams,
        response: { 200: productUpdatePreferencesSchema },
      },
    },
    async (request) => setProductUpdatesMuted(deps, currentUser(request), request.params.id, false),
  );
};
