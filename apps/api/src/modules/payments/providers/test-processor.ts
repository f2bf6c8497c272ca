import { randomBytes } from 'node:crypto';
import { type CardPayment, cardPaymentSchema, TEST_CARDS } from '@app/shared';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import {
  chargeWaitingTestIntent,
  findTestIntent,
  findTestIntentOfOrder,
  findTestRefundByKey,
  insertTestIntent,
  insertTestRefund,
  lockTestIntent,
  markTestIntentCanceled,
  markTestIntentSucceeded,
  recordTestIntentError,
  setTestIntentRefunded,
  type TestIntentRow,
} from '../repository-test-processor';
import type { ChargeResult, PaymentProvider } from './provider';

/**
 * The built-in test card processor (default; works offline). Behaves like a card network in test
 * mode: numbers must pass the Luhn check, expiry and CVC are checked, 4000 0000 0000 0002 is
 * declined and 4000 0000 0000 9995 has insufficient funds; other valid numbers are charged.
 */
export function createTestProcessor(db: Database): PaymentProvider {
  return {
    name: 'test',

    async createIntent({ orderId, amountCents, currency }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      // A second call for the same order finds the first intent.
      const intent =
        (await insertTestIntent(db, { id, orderId, amountCents, currency, clientSecret })) ??
        (await findTestIntentOfOrder(db, orderId));
      if (!intent) throw new Error('test payment intent missing after insert');
      return { id: intent.id, clientSecret: intent.clientSecret };
    },

    async confirm(intentId, card) {
      // A good card for an intent waiting for one: a single conditional update. Anything else
      // (a bad card, a missing or settled intent) takes the locked path below, which answers each case.
      if (cardIsGood(card)) {
        const charged = await chargeWaitingTestIntent(db, intentId);
        if (charged) return withCardCountry(describe(charged), card);
      }
      return db.transaction(async (tx): Promise<ChargeResult> => {
        const intent = await lockTestIntent(tx, intentId);
        if (!intent) return { status: 'not_found' };
        if (intent.status !== 'requires_payment_method') return describe(intent);
        const problem = checkCard(card);
        if (problem) {
          await recordTestIntentError(tx, intentId, problem.message);
          return { status: 'failed', orderId: intent.orderId, ...problem };
        }
        const charged = await markTestIntentSucceeded(tx, intentId);
        return charged ? withCardCountry(describe(charged), card) : describe(intent);
      });
    },

    async retrieve(intentId) {
      const intent = await findTestIntent(db, intentId);
      return intent ? describe(intent) : { status: 'not_found' };
    },

    async cancel(intentId) {
      return db.transaction(async (tx): Promise<ChargeResult> => {
        const intent = await lockTestIntent(tx, intentId);
        if (!intent) return { status: 'not_found' };
        if (intent.status !== 'requires_payment_method') return describe(intent);
        await markTestIntentCanceled(tx, intentId);
        return { status: 'canceled', orderId: intent.orderId };
      });
    },

    async refund(intentId, amountCents, idempotencyKey) {
      return db.transaction(async (tx) => {
        const intent = await lockTestIntent(tx, intentId);
        if (!intent) throw new AppError('PROVIDER_ERROR', 'The payment to refund does not exist');
        const earlier = await findTestRefundByKey(tx, idempotencyKey);
        if (earlier) return { id: earlier.id };
        if (intent.status !== 'succeeded') throw new AppError('PROVIDER_ERROR', 'Only a charged payment can be refunded');
        if (amountCents <= 0 || intent.amountRefundedCents + amountCents > intent.amountCents) {
          throw new AppError('PROVIDER_ERROR', 'The refund exceeds the amount charged');
        }
        const id = `re_test_${randomBytes(12).toString('hex')}`;
        await insertTestRefund(tx, { id, intentId, amountCents, idempotencyKey });
        await setTestIntentRefunded(tx, intentId, intent.amountRefundedCents + amountCents);
        return { id };
      });
    },
  };
}

function describe(intent: TestIntentRow): ChargeResult {
  if (intent.status === 'succeeded') {
    return { status: 'succeeded', orderId: intent.orderId, amountCents: intent.amountCents, currency: intent.currency };
  }
  if (intent.status === 'canceled') return { status: 'canceled', orderId: intent.orderId };
  return { status: 'requires_payment', orderId: intent.orderId };
}

/**
 * The country each test card is issued in, as a card network reports it (Stripe's test numbers
 * for these countries); other test numbers report none. Only the call that charges says it.
 */
export const TEST_CARD_COUNTRIES: Readonly<Record<string, string>> = {
  '4242424242424242': 'US',
  '4000002760000016': 'DE',
  '4000002500000003': 'FR',
  '4000008260000000': 'GB',
};

function withCardCountry(result: ChargeResult, card: CardPayment | undefined): ChargeResult {
  if (result.status !== 'succeeded') return result;
  const number = typeof card?.card_number === 'string' ? card.card_number.replace(/[\s-]/g, '') : '';
  return { ...result, cardCountry: TEST_CARD_COUNTRIES[number] ?? null };
}

function checkCard(input: CardPayment | undefined): { code: string; message: string } | null {
  const parsed = cardPaymentSchema.safeParse(input ?? {});
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues[0]?.message ?? 'Your card details are incomplete.',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  const card = parsed.data;
  if (!passesLuhn(card.card_number)) throw cardError('card_number', 'Your card number is invalid.');
  const now = new Date();
  const expiresAfter = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
  if (expiresAfter <= now) throw cardError('exp_year', 'Your card has expired.');
  if (card.card_number === TEST_CARDS.declined) return { code: 'card_declined', message: 'Your card was declined.' };
  if (card.card_number === TEST_CARDS.insufficientFunds)
    return { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return null;
}

/** The card would be charged: checkCard neither refuses it nor declines it. */
function cardIsGood(input: CardPayment | undefined): boolean {
  try {
    return checkCard(input) === null;
  } catch {
    return false;
  }
}

function cardError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}
