import {
  adminRevisionReviewSchema,
  adminVersionReviewSchema,
  changeDecisionSchema,
  pagingQueryFields,
  pendingChangeListSchema,
  productReviewSettingsSchema,
  STANDARD_PAGING,
  sellerPendingChangesSchema,
  sellerVersionsSchema,
  VERSION_MESSAGES,
  versionHistorySchema,
  versionSubmittedSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { rejectSchema } from './review';
import { approveRevision, getRevisionReview, readReviewSettings, rejectRevision, saveReviewSettings } from './revisions';
import {
  approveVersion,
  getVersionReview,
  listOwnPendingChanges,
  listOwnVersions,
  listProductChanges,
  publicVersionHistory,
  rejectVersion,
  submitProductVersion,
} from './versions';

/** Versions and revisions of live products (docs/decisions/0038): the seller's, the public's and the admins' routes. */

const tags: ApiTag[] = ['Products'];
const productParams = idParams('Product not found');
const versionParams = z.object({
  id: z.uuid({ error: 'Product not found' }),
  versionId: z.uuid({ error: VERSION_MESSAGES.versionNotFound }),
});
const revisionParams = idParams(VERSION_MESSAGES.revisionNotFound);
const decision = { 200: changeDecisionSchema };

/** Registered under /seller: only the product's own seller (a seller, or an admin selling their own). */
export const sellerVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const seller = { onRequest: requireAuth('seller', 'admin') };

  app.post(
    '/products/:id/versions',
    {
      ...seller,
      schema: {
        operationId: 'submitProductVersion',
        summary: 'Submit a new version of an approved product (multipart: label, changelog, files) for review',
        description:
          'Buyers keep the approved version until an admin approves this one; then every paid buyer downloads it and every earlier version.',
        tags,
        errorCodes: ['NOT_FOUND', 'PAYLOAD_TOO_LARGE'],
        params: productParams,
        response: { 201: versionSubmittedSchema },
      },
    },
    async (request, reply) => {
      const version = await submitProductVersion(deps, currentUser(request), request.params.id, request);
      reply.code(201);
      return { message: VERSION_MESSAGES.versionSubmitted, version };
    },
  );

  app.get(
    '/product-changes',
    {
      ...seller,
      schema: {
        operationId: 'listSellerPendingChanges',
        summary: 'List the seller’s products with an edit or a version waiting for review',
        tags,
        response: { 200: sellerPendingChangesSchema },
      },
    },
    async (request) => listOwnPendingChanges(deps, currentUser(request)),
  );

  app.get(
    '/products/:id/versions',
    {
      ...seller,
      schema: {
        operationId: 'listSellerProductVersions',
        summary: 'List the versions of one of the seller’s products, and its edit waiting for review',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        response: { 200: sellerVersionsSchema },
      },
    },
    async (request) => listOwnVersions(deps, currentUser(request), request.params.id),
  );
};

/** Registered under /products: anyone, for a product on sale. */
export const publicVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/versions',
    {
      schema: {
        operationId: 'getProductVersionHistory',
        summary: 'The current version of a product, its date and the changelog of every released version',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        response: { 200: versionHistorySchema },
      },
    },
    async (request) => publicVersionHistory(app.deps, request.params.id),
  );
};

/** Registered under /admin: role admin only (simple admins never approve). */
export const adminProductChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/product-changes',
    {
      schema: {
        operationId: 'listProductChanges',
        summary: 'List the new versions and edits of live products waiting for review, oldest first',
        tags,
        querystring: z.object(pagingQueryFields(STANDARD_PAGING)),
        response: { 200: pendingChangeListSchema },
      },
    },
    async (request) => listProductChanges(deps, request.query),
  );
  app.get(
    '/product-changes/settings',
    {
      schema: {
        operationId: 'getProductReviewSettings',
        summary: 'How many changed characters a description-only edit may have to publish without review (0: never)',
        tags,
        response: { 200: productReviewSettingsSchema },
      },
    },
    async () => readReviewSettings(deps),
  );
  app.put(
    '/product-changes/settings',
    {
      schema: {
        operationId: 'updateProductReviewSettings',
        summary: 'Set how many changed characters a description-only edit may have to publish without review',
        tags,
        body: productReviewSettingsSchema,
        response: { 200: productReviewSettingsSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => saveReviewSettings(deps, request.body),
  );
  app.get(
    '/products/:id/versions/:versionId',
    {
      schema: {
        operationId: 'getVersionForReview',
        summary: 'Return a version with its changelog and the diff of its files against the version before',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: versionParams,
        response: { 200: adminVersionReviewSchema },
      },
    },
    async (request) => getVersionReview(deps, request.params.id, request.params.versionId),
  );
  app.put(
    '/products/:id/versions/:versionId/approve',
    {
      schema: {
        operationId: 'approveVersion',
        summary: 'Approve a version: buyers download it from now on and past buyers are told (twice changes nothing)',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        params: versionParams,
        response: decision,
      },
    },
    async (request) => approveVersion(deps, request.params.id, request.params.versionId),
  );
  app.put(
    '/products/:id/versions/:versionId/reject',
    {
      schema: {
        operationId: 'rejectVersion',
        summary: 'Reject a version with a reason: buyers keep the versions they had',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        params: versionParams,
        body: rejectSchema,
        response: decision,
      },
    },
    async (request) => rejectVersion(deps, request.params.id, request.params.versionId, request.body.reason, request.log),
  );
  app.get(
    '/product-revisions/:id',
    {
      schema: {
        operationId: 'getRevisionForReview',
        summary: 'Return an edit of a live product field by field, with the files it adds and removes',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: revisionParams,
        response: { 200: adminRevisionReviewSchema },
      },
    },
    async (request) => getRevisionReview(deps, request.params.id),
  );
  app.put(
    '/product-revisions/:id/approve',
    {
      schema: {
        operationId: 'approveRevision',
        summary: 'Approve an edit: it replaces the live product at once (orders keep their prices)',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        params: revisionParams,
        response: decision,
      },
    },
    async (request) => {
      const { message, status } = await approveRevision(deps, request.params.id, request.log);
      return { message, status };
    },
  );
  app.put(
    '/product-revisions/:id/reject',
    {
      schema: {
        operationId: 'rejectRevision',
        summary: 'Reject an edit with a reason: the live product stays as it is',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        params: revisionParams,
        body: rejectSchema,
        response: decision,
      },
    },
    async (request) => {
      const { message, status } = await rejectRevision(deps, request.params.id, request.body.reason, request.log);
      return { message, status };
    },
  );
};
