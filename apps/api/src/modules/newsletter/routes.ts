import {
  fileResponse,
  NEWSLETTER_STATUSES,
  newsletterStateSchema,
  newsletterSubscriberListSchema,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
  pagingQueryFields,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { requireAuth } from '../auth/guard';
import { requestLanguage } from '../users/service';
import { confirmSubscription, exportSubscribersCsv, listSubscribers, subscribe, unsubscribe } from './service';

const tags: ApiTag[] = ['Newsletter'];

const optionalToken = z.object({ token: z.string().max(500).optional() });

/** Public newsletter routes: subscribe (double opt-in), confirm, unsubscribe (also one-click, RFC 8058). */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Mail clients send the one-click unsubscribe as a form post; the token is in the query string.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.post(
    '/subscribe',
    {
      schema: {
        operationId: 'subscribeToNewsletter',
        summary: 'Subscribe an address (a confirmation e-mail follows)',
        tags,
        body: newsletterSubscribeSchema,
        response: { 202: newsletterStateSchema },
      },
      config: { rateLimit: { max: deps.config.newsletter.ratePerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.code(202);
      return subscribe(deps, request.body.email, requestLanguage(request.headers) ?? 'en');
    },
  );

  app.post(
    '/confirm',
    {
      schema: {
        operationId: 'confirmNewsletterSubscription',
        summary: 'Confirm a subscription with the e-mailed token',
        tags,
        body: newsletterTokenSchema,
        response: { 200: newsletterStateSchema },
      },
    },
    async (request) => confirmSubscription(deps, request.body.token),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeFromNewsletter',
        summary: 'Unsubscribe with the e-mailed token',
        tags,
        querystring: optionalToken,
        body: optionalToken.optional(),
        response: { 200: newsletterStateSchema },
      },
    },
    async (request) => unsubscribe(deps, request.query.token ?? request.body?.token),
  );
};

const listQuery = z.object({
  status: z.enum(NEWSLETTER_STATUSES, { error: 'status must be pending, confirmed or unsubscribed' }).optional(),
  q: z.string().trim().max(254, 'Search must be at most 254 characters').optional(),
  ...pagingQueryFields({ defaultLimit: 25, maxLimit: 100 }),
});

/** Admin list and CSV export of the subscribers. */
export const adminNewsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/newsletter/subscribers',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'listNewsletterSubscribers',
        summary: 'List newsletter subscribers',
        tags,
        querystring: listQuery,
        response: { 200: newsletterSubscriberListSchema },
      },
    },
    async (request) => listSubscribers(deps, request.query),
  );

  app.get(
    '/newsletter/subscribers.csv',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'exportNewsletterSubscribers',
        summary: 'Download the confirmed subscribers as CSV',
        tags,
        querystring: listQuery.pick({ status: true }),
        response: { 200: fileResponse('The subscriber list as CSV', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const csv = await exportSubscribersCsv(deps, request.query.status);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(csv);
    },
  );
};
