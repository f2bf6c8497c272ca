import {
  bankAccountSchema,
  bankAccountUpdateSchema,
  payoutAccountSchema,
  payoutListQuerySchema,
  payoutSettingsUpdateSchema,
  triggerTransferSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateQuery, idParams } from '../../lib/validation';
import { currentUser, requireAuth } from '../auth/guard';
import {
  type Actor,
  createPlatformBankAccount,
  deletePayoutAccount,
  deletePlatformBankAccount,
  getPayoutAccount,
  listPlatformBankAccounts,
  savePayoutAccount,
  updatePlatformBankAccount,
} from './accounts';
import { getSellerBalance, getSellerStatement, statementCsv } from './balances';
import { presentPayoutSettings, readPayoutSettings, updatePayoutSettings } from './settings';
import { listSellerPayouts, listTransfers, reversePayout, triggerTransfer } from './transfers';

function actorOf(request: FastifyRequest): Actor {
  return { id: currentUser(request).id, ip: request.ip ?? null };
}

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const statementQuery = z.object({
  start_date: dateQuery('start_date'),
  end_date: dateQuery('end_date'),
  format: z.enum(['json', 'csv']).default('json'),
});

/** A seller's money: balance, statement, payout history and payout account (under /seller). */
export const sellerPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Before the body is parsed: the anonymous get 401 and others 403 whatever they send.
  app.addHook('onRequest', requireAuth('seller', 'admin'));

  app.get('/payouts/balance', async (request) => getSellerBalance(deps.db, currentUser(request).id));

  app.get('/payouts', { schema: { querystring: pageQuery } }, async (request) =>
    listSellerPayouts(deps.db, currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get('/payouts/statement', { schema: { querystring: statementQuery } }, async (request, reply) => {
    const { start_date, end_date, format } = request.query;
    const lines = await getSellerStatement(deps.db, currentUser(request).id, { from: start_date, to: end_date });
    if (format === 'json') return { lines };
    const day = new Date().toISOString().slice(0, 10);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="statement-${day}.csv"`);
    return statementCsv(lines);
  });

  app.get('/payout-account', async (request) => ({ account: await getPayoutAccount(deps, currentUser(request).id) }));

  app.put('/payout-account', { schema: { body: payoutAccountSchema } }, async (request) => ({
    message: 'Payout account saved',
    account: await savePayoutAccount(deps, currentUser(request), request.body, request.ip ?? null),
  }));

  app.delete('/payout-account', async (request) => {
    await deletePayoutAccount(deps, currentUser(request), request.ip ?? null);
    return { message: 'Payout account removed' };
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
  app.addHook('onRequest', requireAuth('admin'));

  app.get('/bank-accounts', async () => ({ bank_accounts: await listPlatformBankAccounts(deps) }));
  app.post('/bank-accounts', { schema: { body: bankAccountSchema } }, async (request, reply) => {
    reply.code(201);
    return { message: 'Bank account added', bank_account: await createPlatformBankAccount(deps, actorOf(request), request.body) };
  });
  app.put('/bank-accounts/:id', { schema: { params: bankAccountParams, body: bankAccountUpdateSchema } }, async (request) => ({
    message: 'Bank account updated',
    bank_account: await updatePlatformBankAccount(deps, actorOf(request), request.params.id, request.body),
  }));
  app.delete('/bank-accounts/:id', { schema: { params: bankAccountParams } }, async (request) => {
    await deletePlatformBankAccount(deps, actorOf(request), request.params.id);
    return { message: 'Bank account removed' };
  });

  app.get('/settings', async () => presentPayoutSettings(await readPayoutSettings(deps.db), deps.payouts.name));
  app.put('/settings', { schema: { body: payoutSettingsUpdateSchema } }, async (request) => ({
    message: 'Payout settings saved',
    settings: await updatePayoutSettings(deps, actorOf(request), request.body),
  }));

  app.get('/transfers', { schema: { querystring: transfersQuery } }, async (request) => listTransfers(deps.db, request.query));
  app.post('/transfers/:id/reverse', { schema: { params: transferParams } }, async (request) => ({
    message: 'Transfer reversed',
    transfer: await reversePayout(deps, actorOf(request), request.params.id),
  }));

  app.post('/trigger-transfer', { schema: { body: triggerTransferSchema } }, async (request) => {
    const results = await triggerTransfer(deps, actorOf(request), request.body ?? {});
    const paid = results.filter((result) => result.status === 'paid').length;
    return { message: `Payout run finished: ${paid} of ${results.length} sellers paid`, results };
  });
};
