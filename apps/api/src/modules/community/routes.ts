import {
  createThreadSchema,
  replyModerationSchema,
  replySchema,
  reportSchema,
  threadListQuerySchema,
  threadModerationSchema,
  updateThreadSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/validation';
import { currentUser, requireAuth, resolveRequestUser } from '../auth/guard';
import {
  closeReport,
  createReply,
  createThread,
  deleteReply,
  deleteThread,
  getCategories,
  getOpenReports,
  getThread,
  getThreads,
  moderateReply,
  moderateThread,
  reportPost,
  updateReply,
  updateThread,
} from './service';

const threadParams = idParams('Thread not found');
const replyParams = idParams('Reply not found');
const reportParams = idParams('Report not found');
const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(50, 'limit must be at most 50').default(20),
});
const moderator = requireAuth('admin', 'simple_admin');

/** The community forum under /community: reading is open to everyone, posting needs an account. */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/categories', async () => getCategories(deps));

  app.get('/threads', { schema: { querystring: threadListQuerySchema } }, async (request) =>
    getThreads(deps, await resolveRequestUser(request), request.query),
  );

  app.post('/threads', { preHandler: requireAuth(), schema: { body: createThreadSchema } }, async (request, reply) => {
    reply.code(201);
    return createThread(deps, currentUser(request), request.body);
  });

  app.get('/threads/:id', { schema: { params: threadParams, querystring: pageQuery } }, async (request) =>
    getThread(deps, await resolveRequestUser(request), request.params.id, request.query.page, request.query.limit),
  );

  app.patch(
    '/threads/:id',
    { preHandler: requireAuth(), schema: { params: threadParams, body: updateThreadSchema } },
    async (request) => updateThread(deps, currentUser(request), request.params.id, request.body),
  );

  app.delete('/threads/:id', { preHandler: requireAuth(), schema: { params: threadParams } }, async (request, reply) => {
    await deleteThread(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/threads/:id/replies',
    { preHandler: requireAuth(), schema: { params: threadParams, body: replySchema } },
    async (request, reply) => {
      reply.code(201);
      return createReply(deps, currentUser(request), request.params.id, request.body.body);
    },
  );

  app.patch('/replies/:id', { preHandler: requireAuth(), schema: { params: replyParams, body: replySchema } }, async (request) =>
    updateReply(deps, currentUser(request), request.params.id, request.body.body),
  );

  app.delete('/replies/:id', { preHandler: requireAuth(), schema: { params: replyParams } }, async (request, reply) => {
    await deleteReply(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post('/reports', { preHandler: requireAuth(), schema: { body: reportSchema } }, async (request, reply) => {
    reply.code(201);
    return reportPost(deps, currentUser(request), request.body);
  });

  // Moderation: admins and simple admins.
  app.get('/reports', { preHandler: moderator, schema: { querystring: pageQuery } }, async (request) =>
    getOpenReports(deps, request.query.page, request.query.limit),
  );

  app.post('/reports/:id/resolve', { preHandler: moderator, schema: { params: reportParams } }, async (request, reply) => {
    await closeReport(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.patch(
    '/threads/:id/moderation',
    { preHandler: moderator, schema: { params: threadParams, body: threadModerationSchema } },
    async (request) => moderateThread(deps, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/replies/:id/moderation',
    { preHandler: moderator, schema: { params: replyParams, body: replyModerationSchema } },
    async (request) => moderateReply(deps, request.params.id, request.body.is_hidden),
  );
};
