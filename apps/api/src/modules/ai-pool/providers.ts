import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { findTestTokenTransfer, insertTestTokenTransfer } from './repository';

export interface TokenTransferRequest {
  /** The same key never moves money twice: a retry returns the first transfer. */
  idempotencyKey: string;
  walletAddress: string;
  tokenSymbol: string;
  /** Decimal text with up to 6 decimals. */
  tokenAmount: string;
  amountCents: number;
}

/** Sends the pool's money out as tokens. */
export interface TokenTransferProvider {
  readonly name: string;
  transfer(request: TokenTransferRequest): Promise<{ id: string }>;
}

/** The provider said no for good (bad wallet, mismatched retry): the transfer is marked failed. */
export class TokenTransferRefused extends Error {
  override readonly name = 'TokenTransferRefused';
}

/** The address every EVM chain burns: the test provider refuses it, as a real network would refuse a bad destination. */
export const ZERO_WALLET = `0x${'0'.repeat(40)}`;

/**
 * The built-in test token provider (default; works offline). Keeps its own books in
 * `test_token_transfers`, one row per idempotency key, like the test card processor.
 */
export function createTestTokenProvider(db: Database): TokenTransferProvider {
  return {
    name: 'test',
    async transfer(request) {
      if (request.walletAddress.toLowerCase() === ZERO_WALLET) {
        throw new TokenTransferRefused('The destination wallet cannot receive tokens');
      }
      await insertTestTokenTransfer(db, {
        id: `tt_test_${randomBytes(12).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        walletAddress: request.walletAddress,
        tokenSymbol: request.tokenSymbol,
        tokenAmount: request.tokenAmount,
        amountCents: request.amountCents,
      });
      const made = await findTestTokenTransfer(db, request.idempotencyKey);
      if (!made) throw new Error('test token transfer missing after insert');
      if (made.amountCents !== request.amountCents || made.walletAddress !== request.walletAddress) {
        throw new TokenTransferRefused('This idempotency key was used for a different transfer');
      }
      return { id: made.id };
    },
  };
}

/** Where exchange rates come from; returns null for a pair it does not know. */
export interface ExchangeRateSource {
  readonly name: string;
  /** Units of `to` per unit of `from`, as decimal text (at most 8 decimals). */
  rate(from: string, to: string): Promise<string | null>;
}

const DOLLAR_PEGGED = new Set(['USD', 'USDC']);

/** The default source: USD and USDC at 1:1 (USDC is redeemable for dollars one to one). */
export const fixedParityRates: ExchangeRateSource = {
  name: 'fixed-parity',
  async rate(from, to) {
    if (from === to) return '1';
    return DOLLAR_PEGGED.has(from) && DOLLAR_PEGGED.has(to) ? '1' : null;
  },
};
