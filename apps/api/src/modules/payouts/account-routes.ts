import { messageSchema, payoutAccountSchema, sellerPayoutAccountViewSchema } from '@app/shared';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import type { UserRow } from '../users/repository';
import { deletePayoutAccount, getPayoutAccount, savePayoutAccount } from './accounts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface PayoutAccountRouteOptions {
  /** Each route's own onRequest guard; leave it out where the plugin already guards every route. */
  guard?: onRequestAsyncHookHandler;
  /** Whose account the request is about. */
  owner: (request: FastifyRequest) => UserRow;
  tags: ApiTag[];
  /** Each route's operationId, written out so that a search for one finds it. */
  operationIds: { get: string; save: string; delete: string };
  /** As the summaries say it: 'seller' → 'Return the seller’s payout account'. */
  ownerNoun: string;
}

const accountAnswer = z.object({ message: z.string(), account: sellerPayoutAccountViewSchema.nullable() });

/** GET, PUT and DELETE `/payout-account` of the signed-in owner (a seller or an affiliate), on `app`. */
export function payoutAccountRoutes(app: ZodApp, options: PayoutAccountRouteOptions): void {
  const { deps } = app;
  const { guard, owner, tags, operationIds, ownerNoun } = options;
  const guarded = guard ? { onRequest: guard } : {};

  app.get(
    '/payout-account',
    {
      ...guarded,
      schema: {
        operationId: operationIds.get,
        summary: `Return the ${ownerNoun}’s payout account`,
        tags,
        response: { 200: accountAnswer.pick({ account: true }) },
      },
    },
    async (request) => ({
      account: await getPayoutAccount(deps, owner(request).id),
    }),
  );

  app.put(
    '/payout-account',
    {
      ...guarded,
      schema: {
        operationId: operationIds.save,
        summary: `Save the ${ownerNoun}’s payout account`,
        tags,
        errorCodes: ['CONFLICT', 'PROVIDER_ERROR'],
        body: payoutAccountSchema,
        response: { 200: accountAnswer },
      },
    },
    async (request) => ({
      message: 'Payout account saved',
      account: await savePayoutAccount(deps, owner(request), request.body, request.ip ?? null),
    }),
  );

  app.delete(
    '/payout-account',
    {
      ...guarded,
      schema: {
        operationId: operationIds.delete,
        summary: `Remove the ${ownerNoun}’s payout account`,
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deletePayoutAccount(deps, owner(request), request.ip ?? null);
      return { message: 'Payout account removed' };
    },
  );
}
