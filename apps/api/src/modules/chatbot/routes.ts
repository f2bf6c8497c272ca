import { chatLeadListSchema, chatMessageRequestSchema, chatReplySchema, pagingQuerySchema, STANDARD_PAGING } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ApiTag, OPTIONAL_TOKEN } from '../../lib/openapi';
import { requireAuth, resolveRequestUser } from '../auth/guard';
import { handleChatMessage, listLeads } from './service';

const tags: ApiTag[] = ['Chatbot'];

/** POST /chatbot/message (spec §7): open to visitors; sessions are kept server-side. */
export const chatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/message',
    {
      schema: {
        operationId: 'sendChatMessage',
        security: OPTIONAL_TOKEN,
        summary: 'Ask the shopping assistant',
        tags,
        body: chatMessageRequestSchema,
        response: { 200: chatReplySchema },
      },
      // Per address, generous enough for a few people behind one NAT; each session has its own tighter limit.
      config: { rateLimit: { max: deps.config.chatbot.ratePerMinute * 3, timeWindow: 60_000 } },
    },
    async (request) => {
      const viewer = await resolveRequestUser(request);
      return handleChatMessage(
        deps,
        { session_id: request.body.session_id, message: request.body.message, ip: request.ip ?? 'unknown' },
        viewer,
      );
    },
  );
};

const leadsQuery = pagingQuerySchema(STANDARD_PAGING);

/** GET /admin/chatbot/leads: the custom-chatbot enquiries, for admins only. */
export const adminChatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chatbot/leads',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'listChatLeads',
        summary: 'List the leads the assistant collected',
        tags,
        querystring: leadsQuery,
        response: { 200: chatLeadListSchema },
      },
    },
    async (request) => listLeads(app.deps, request.query.page, request.query.limit),
  );
};
