import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import {
  findTestPayoutTransferByKey,
  insertTestPayoutTransfer,
  lockTestPayoutTransfer,
  setTestPayoutTransferReversed,
} from '../repository';
import { type PayoutProvider, transferKey } from './provider';

/**
 * The built-in test payout provider (default; works offline). It keeps its own books of transfers,
 * one per idempotency key, so retries and crashes are observable exactly as with a real provider.
 */
export function createTestPayoutProvider(db: Database): PayoutProvider {
  return {
    name: 'test',

    async createDestination({ bankAccountId }) {
      return { destinationId: `acct_test_${bankAccountId.replace(/-/g, '')}`, onboardingUrl: null };
    },

    async transfer({ payoutId, amountCents, currency, destinationId }) {
      if (!destinationId.startsWith('acct_test_')) return { status: 'failed', reason: 'Unknown destination account' };
      const idempotencyKey = transferKey(payoutId);
      await insertTestPayoutTransfer(db, {
        id: `tr_test_${randomBytes(12).toString('hex')}`,
        idempotencyKey,
        destinationId,
        amountCents,
        currency,
      });
      const transfer = await findTestPayoutTransferByKey(db, idempotencyKey);
      if (!transfer) throw new Error('test transfer missing after insert');
      return { status: 'paid', id: transfer.id };
    },

    async reverseTransfer(transferId, amountCents) {
      return db.transaction(async (tx) => {
        const transfer = await lockTestPayoutTransfer(tx, transferId);
        if (!transfer) throw new AppError('PROVIDER_ERROR', 'The transfer to reverse does not exist');
        // A repeated reversal of the same transfer returns the first one.
        if (transfer.reversedCents > 0) return { id: `trr_${transfer.id}` };
        if (amountCents <= 0 || amountCents > transfer.amountCents) {
          throw new AppError('PROVIDER_ERROR', 'The reversal exceeds the amount transferred');
        }
        await setTestPayoutTransferReversed(tx, transferId, amountCents);
        return { id: `trr_${transfer.id}` };
      });
    },
  };
}
