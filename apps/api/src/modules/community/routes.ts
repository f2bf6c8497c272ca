import {
  createThreadSchema,
  FORUM_PAGING,
  forumCategoryListSchema,
  forumReplyModerationResultSchema,
  forumReplySchema,
  forumReportCreatedSchema,
  forumReportListSchema,
  forumThreadDetailSchema,
  forumThreadListSchema,
  forumThreadSchema,
  noContentSchema,
  pagingQuerySchema,
  replyModerationSchema,
  replySchema,
  reportSchema,
  threadListQuerySchema,
  threadModerationSchema,
  updateThreadSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ApiTag, OPTIONAL_TOKEN } from '../../lib/openapi';
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

const tags: ApiTag[] = ['Community'];

const threadParams = idParams('Thread not found');
const replyParams = idParams('Reply not found');
const reportParams = idParams('Report not found');
const pageQuery = pagingQuerySchema(FORUM_PAGING);
const moderator = requireAuth('admin', 'simple_admin');

/** The community forum under /community: reading is open to everyone, posting needs an account. */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/categories',
    {
      schema: {
        operationId: 'listForumCategories',
        summary: 'List the forum categories',
        tags,
        response: { 200: forumCategoryListSchema },
      },
    },
    async () => getCategories(deps),
  );

  app.get(
    '/threads',
    {
      schema: {
        operationId: 'listForumThreads',
        security: OPTIONAL_TOKEN,
        summary: 'List forum threads, newest activity first',
        tags,
        querystring: threadListQuerySchema,
        response: { 200: forumThreadListSchema },
      },
    },
    async (request) => getThreads(deps, await resolveRequestUser(request), request.query),
  );

  app.post(
    '/threads',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'createForumThread',
        summary: 'Start a forum thread',
        tags,
        errorCodes: ['RATE_LIMITED'],
        body: createThreadSchema,
        response: { 201: forumThreadSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createThread(deps, currentUser(request), request.body);
    },
  );

  app.get(
    '/threads/:id',
    {
      schema: {
        operationId: 'getForumThread',
        security: OPTIONAL_TOKEN,
        summary: 'Return a thread with a page of its replies',
        tags,
        params: threadParams,
        querystring: pageQuery,
        response: { 200: forumThreadDetailSchema },
      },
    },
    async (request) =>
      getThread(deps, await resolveRequestUser(request), request.params.id, request.query.page, request.query.limit),
  );

  app.patch(
    '/threads/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'updateForumThread',
        summary: 'Edit one’s own thread',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: threadParams,
        body: updateThreadSchema,
        response: { 200: forumThreadSchema },
      },
    },
    async (request) => updateThread(deps, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/threads/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'deleteForumThread',
        summary: 'Delete one’s own thread',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: threadParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await deleteThread(deps, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/threads/:id/replies',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'createForumReply',
        summary: 'Reply to a thread',
        tags,
        errorCodes: ['FORBIDDEN', 'RATE_LIMITED'],
        params: threadParams,
        body: replySchema,
        response: { 201: forumReplySchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createReply(deps, currentUser(request), request.params.id, request.body.body);
    },
  );

  app.patch(
    '/replies/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'updateForumReply',
        summary: 'Edit one’s own reply',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: replyParams,
        body: replySchema,
        response: { 200: forumReplySchema },
      },
    },
    async (request) => updateReply(deps, currentUser(request), request.params.id, request.body.body),
  );

  app.delete(
    '/replies/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'deleteForumReply',
        summary: 'Delete one’s own reply',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: replyParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await deleteReply(deps, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reports',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'reportForumPost',
        summary: 'Report a thread or reply to the moderators',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        body: reportSchema,
        response: { 201: forumReportCreatedSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return reportPost(deps, currentUser(request), request.body);
    },
  );

  // Moderation: admins and simple admins.
  app.get(
    '/reports',
    {
      onRequest: moderator,
      schema: {
        operationId: 'listForumReports',
        summary: 'List open reports',
        tags,
        querystring: pageQuery,
        response: { 200: forumReportListSchema },
      },
    },
    async (request) => getOpenReports(deps, request.query.page, request.query.limit),
  );

  app.post(
    '/reports/:id/resolve',
    {
      onRequest: moderator,
      schema: {
        operationId: 'resolveForumReport',
        summary: 'Close a report',
        tags,
        params: reportParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await closeReport(deps, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/threads/:id/moderation',
    {
      onRequest: moderator,
      schema: {
        operationId: 'moderateForumThread',
        summary: 'Hide, lock or pin a thread',
        tags,
        params: threadParams,
        body: threadModerationSchema,
        response: { 200: forumThreadSchema },
      },
    },
    async (request) => moderateThread(deps, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/replies/:id/moderation',
    {
      onRequest: moderator,
      schema: {
        operationId: 'moderateForumReply',
        summary: 'Hide or show a reply',
        tags,
        params: replyParams,
        body: replyModerationSchema,
        response: { 200: forumReplyModerationResultSchema },
      },
    },
    async (request) => moderateReply(deps, request.params.id, request.body.is_hidden),
  );
};
