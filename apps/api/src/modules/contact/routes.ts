import {
  contactMessageListSchema,
  contactMessageSchema,
  contactMessageUpdateSchema,
  contactReceiptSchema,
  contactRequestSchema,
  pagingQueryFields,
  STANDARD_PAGING,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiTag, OPTIONAL_TOKEN } from '../../lib/openapi';
import { currentUser, requireAuth, resolveRequestUser } from '../auth/guard';
import { listContactMessages, markContactMessage, sendContactMessage } from './service';

const tags: ApiTag[] = ['Contact'];

/** POST /contact: the contact form, open to visitors. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        operationId: 'sendContactMessage',
        security: OPTIONAL_TOKEN,
        summary: 'Send a message to the site’s team',
        tags,
        errorCodes: ['RATE_LIMITED'],
        body: contactRequestSchema,
        response: { 201: contactReceiptSchema },
      },
    },
    async (request, reply) => {
      const viewer = await resolveRequestUser(request);
      const message = await sendContactMessage(app.deps, request.body, { ip: request.ip, userId: viewer?.id ?? null }, (error) =>
        request.log.warn({ err: error }, 'contact message stored but not e-mailed'),
      );
      return reply.code(201).send({ detail: 'Message sent', id: message.id, created_at: message.created_at });
    },
  );
};

const inboxQuery = z.object({
  status: z.enum(['open', 'handled', 'all'], { error: 'status must be open, handled or all' }).default('all'),
  ...pagingQueryFields(STANDARD_PAGING),
});

/** The contact inbox under /admin, for admins only. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact-messages',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'listContactMessages',
        summary: 'List contact messages',
        tags,
        querystring: inboxQuery,
        response: { 200: contactMessageListSchema },
      },
    },
    async (request) => listContactMessages(app.deps, request.query),
  );
  app.put(
    '/contact-messages/:id',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'updateContactMessage',
        summary: 'Mark a contact message read or answered',
        tags,
        params: z.object({ id: z.uuid() }),
        body: contactMessageUpdateSchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => markContactMessage(app.deps, request.params.id, request.body.handled, currentUser(request).id),
  );
};
