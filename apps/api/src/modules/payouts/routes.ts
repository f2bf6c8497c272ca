import {
  bankAccountSchema,
  bankAccountUpdateSchema,
  bankAccountViewSchema,
  messageSchema,
  pagingQuerySchema,
  payoutListQuerySchema,
  payoutOutcomeSchema,
  payoutSettingsUpdateSchema,
  payoutSettingsViewSchema,
  payoutViewSchema,
  STANDARD_PAGING,
  sellerBalanceViewSchema,
  sellerPayoutListSchema,
  statementLineSchema,
  transferListSchema,
  triggerTransferSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { dateQuery, idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { payoutAccountRoutes } from './account-routes';
import {
  type Actor,
  createPlatformBankAccount,
  deletePlatformBankAccount,
  listPlatformBankAccounts,
  updatePlatformBankAccount,
} from './accounts';
import { getSellerBalance, getSellerStatement, statementCsv } from './balances';
import { presentPayoutSettings, readPayoutSettings, updatePayoutSettings } from './settings';
import { listSellerPayouts, listTransfers, reversePayout, triggerTransfer } from './transfers';

const tags: ApiTag[] = ['Payouts'];

function actorOf(request: FastifyRequest): Actor {
  return { id: currentUser(request).id, ip: request.ip ?? null };
}

const pageQuery = pagingQuerySchema(STANDARD_PAGING);

const statementQuery = z.object({
  start_date: dateQuery('start_date'),
  end_date: dateQuery('end_date'),
  format: z.enum(['json', 'csv']).default('json'),
});

const bankAccountAnswer = z.object({ message: z.string(), bank_account: bankAccountViewSchema });
/** JSON lines; with format=csv the same statement as a CSV file (sent as is, not through this schema). */
const statementSchema = z.object({ lines: z.array(statementLineSchema) });

/** A seller's money: balance, statement, payout history and payout account (under /seller). */
export const sellerPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Before the body is parsed: the anonymous get 401 and others 403 whatever they send.
  guardEveryRoute(app, requireAuth('seller', 'admin'));

  app.get(
    '/payouts/balance',
    {
      schema: {
        operationId: 'getSellerBalance',
        summary: 'Return the seller’s balance',
        tags,
        response: { 200: sellerBalanceViewSchema },
      },
    },
    async (request) => getSellerBalance(deps.db, currentUser(request).id),
  );

  app.get(
    '/payouts',
    {
      schema: {
        operationId: 'listSellerPayouts',
        summary: 'List the seller’s payouts',
        tags,
        querystring: pageQuery,
        response: { 200: sellerPayoutListSchema },
      },
    },
    async (request) => listSellerPayouts(deps.db, currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/payouts/statement',
    {
      schema: {
        operationId: 'getSellerStatement',
        summary: 'Return the seller’s statement for a period',
        tags,
        querystring: statementQuery,
        response: { 200: statementSchema },
      },
    },
    async (request, reply) => {
      const { start_date, end_date, format } = request.query;
      const lines = await getSellerStatement(deps.db, currentUser(request).id, { from: start_date, to: end_date });
      if (format === 'json') return { lines };
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="statement-${day}.csv"`);
      // The CSV text goes out as written, past the JSON serializer of the schema.
      return reply.serializer((payload: unknown) => payload as string).send(statementCsv(lines) as never);
    },
  );

  payoutAccountRoutes(app, {
    owner: currentUser,
    tags,
    operationIds: {
      get: 'getSellerPayoutAccount',
      save: 'saveSellerPayoutAccount',
      delete: 'deleteSellerPayoutAccount',
    },
    ownerNoun: 'seller',
  });
};

const bankAccountParams = idParams('Bank account not found');
const transferParams = idParams('Transfer not found');
const transfersQuery = payoutListQuerySchema.extend({
  start_date: dateQuery('start_date'),
  end_date: dateQuery('end_date'),
});

/** Payments admin (spec §7 /payments/admin/…): bank accounts, payout settings, transfers. Role admin only. */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/bank-accounts',
    {
      schema: {
        operationId: 'listPlatformBankAccounts',
        summary: 'List the platform’s bank accounts',
        tags,
        response: { 200: z.object({ bank_accounts: z.array(bankAccountViewSchema) }) },
      },
    },
    async () => ({ bank_accounts: await listPlatformBankAccounts(deps) }),
  );
  app.post(
    '/bank-accounts',
    {
      schema: {
        operationId: 'createPlatformBankAccount',
        summary: 'Add a platform bank account',
        tags,
        body: bankAccountSchema,
        response: { 201: bankAccountAnswer },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        message: 'Bank account added',
        bank_account: await createPlatformBankAccount(deps, actorOf(request), request.body),
      };
    },
  );
  app.put(
    '/bank-accounts/:id',
    {
      schema: {
        operationId: 'updatePlatformBankAccount',
        summary: 'Change a platform bank account',
        tags,
        params: bankAccountParams,
        body: bankAccountUpdateSchema,
        response: { 200: bankAccountAnswer },
      },
    },
    async (request) => ({
      message: 'Bank account updated',
      bank_account: await updatePlatformBankAccount(deps, actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/bank-accounts/:id',
    {
      schema: {
        operationId: 'deletePlatformBankAccount',
        summary: 'Remove a platform bank account',
        tags,
        params: bankAccountParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deletePlatformBankAccount(deps, actorOf(request), request.params.id);
      return { message: 'Bank account removed' };
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        operationId: 'getPayoutSettings',
        summary: 'Return the payout schedule and thresholds',
        tags,
        response: { 200: payoutSettingsViewSchema },
      },
    },
    async () => presentPayoutSettings(await readPayoutSettings(deps.db), deps.payouts.name),
  );
  app.put(
    '/settings',
    {
      schema: {
        operationId: 'updatePayoutSettings',
        summary: 'Change the payout schedule and thresholds',
        tags,
        body: payoutSettingsUpdateSchema,
        response: { 200: z.object({ message: z.string(), settings: payoutSettingsViewSchema }) },
      },
    },
    async (request) => ({
      message: 'Payout settings saved',
      settings: await updatePayoutSettings(deps, actorOf(request), request.body),
    }),
  );

  app.get(
    '/transfers',
    {
      schema: {
        operationId: 'listPayoutTransfers',
        summary: 'List payout transfers',
        tags,
        querystring: transfersQuery,
        response: { 200: transferListSchema },
      },
    },
    async (request) => listTransfers(deps.db, request.query),
  );
  app.post(
    '/transfers/:id/reverse',
    {
      schema: {
        operationId: 'reversePayoutTransfer',
        summary: 'Reverse a payout transfer',
        tags,
        errorCodes: ['CONFLICT', 'PROVIDER_ERROR'],
        params: transferParams,
        response: { 200: z.object({ message: z.string(), transfer: payoutViewSchema }) },
      },
    },
    async (request) => ({
      message: 'Transfer reversed',
      transfer: await reversePayout(deps, actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/trigger-transfer',
    {
      schema: {
        operationId: 'triggerPayoutTransfer',
        summary: 'Pay sellers their balances now',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT', 'PROVIDER_ERROR'],
        body: triggerTransferSchema,
        response: { 200: z.object({ message: z.string(), results: z.array(payoutOutcomeSchema) }) },
      },
    },
    async (request) => {
      const results = await triggerTransfer(deps, actorOf(request), request.body ?? {});
      const paid = results.filter((result) => result.status === 'paid').length;
      return { message: `Payout run finished: ${paid} of ${results.length} sellers paid`, results };
    },
  );
};
