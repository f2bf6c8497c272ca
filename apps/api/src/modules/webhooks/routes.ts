import {
  createdWebhookEndpointSchema,
  messageSchema,
  webhookDeliveryAttemptListSchema,
  webhookDeliveryListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookDeliveryAttempts,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  sendTestWebhook,
} from './service';

const tags: ApiTag[] = ['Sellers'];
const endpointParams = idParams('Webhook endpoint not found');
const deliveryParams = endpointParams.extend({ deliveryId: z.uuid({ error: 'Webhook delivery not found' }) });

/** /seller/webhooks: the seller's webhook endpoints, their delivery logs and test events (a session only, never an API token). */
export const sellerWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('seller', 'admin'));

  app.get(
    '/webhooks',
    {
      schema: {
        operationId: 'listSellerWebhooks',
        summary: 'List the seller’s webhook endpoints',
        tags,
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => listWebhookEndpoints(deps, currentUser(request)),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        operationId: 'createSellerWebhook',
        summary: 'Add a webhook endpoint (public https URL); the answer is the only time its signing secret is shown',
        tags,
        errorCodes: ['CONFLICT'],
        body: webhookEndpointCreateSchema,
        response: { 201: createdWebhookEndpointSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createWebhookEndpoint(deps, currentUser(request), request.body);
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'removeSellerWebhook',
        summary: 'Remove a webhook endpoint (deliveries still waiting are given up)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: endpointParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await removeWebhookEndpoint(deps, currentUser(request), request.params.id);
      return { message: 'Webhook endpoint removed' };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listSellerWebhookDeliveries',
        summary: 'The delivery log of a webhook endpoint: status code, attempts, times, the start of each answer',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: endpointParams,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => listWebhookDeliveries(deps, currentUser(request), request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId/attempts',
    {
      schema: {
        operationId: 'listSellerWebhookDeliveryAttempts',
        summary: 'Every attempt of one delivery, newest first: time, duration, status or error, start of answer',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: deliveryParams,
        response: { 200: webhookDeliveryAttemptListSchema },
      },
    },
    async (request) => listWebhookDeliveryAttempts(deps, currentUser(request), request.params.id, request.params.deliveryId),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        operationId: 'sendSellerWebhookTest',
        summary: 'Send a signed webhook.test event to the endpoint now',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: endpointParams,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      await sendTestWebhook(deps, currentUser(request), request.params.id, (message) => request.log.error(message));
      reply.code(202);
      return { message: 'Test event sent' };
    },
  );
};
