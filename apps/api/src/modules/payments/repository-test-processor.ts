import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testPaymentIntents, testRefunds } from '../../db/schema';

/** The built-in test card processor's own books (providers/test-processor.ts): its intents and refunds. */

export type TestIntentRow = typeof testPaymentIntents.$inferSelect;
type NewTestIntent = Pick<TestIntentRow, 'id' | 'orderId' | 'amountCents' | 'currency' | 'clientSecret'>;

/** One intent per order: a second insert for the same order is ignored (and returns nothing). */
export async function insertTestIntent(db: DbOrTx, intent: NewTestIntent): Promise<TestIntentRow | undefined> {
  const [created] = await db.insert(testPaymentIntents).values(intent).onConflictDoNothing().returning();
  return created;
}

export async function findTestIntentOfOrder(db: DbOrTx, orderId: string): Promise<TestIntentRow | undefined> {
  const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
  return intent;
}

export async function findTestIntent(db: DbOrTx, intentId: string): Promise<TestIntentRow | undefined> {
  const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
  return intent;
}

/** Locks the intent's row until the transaction ends (FOR UPDATE). */
export async function lockTestIntent(tx: DbOrTx, intentId: string): Promise<TestIntentRow | undefined> {
  const [intent] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).for('update');
  return intent;
}

export async function recordTestIntentError(tx: DbOrTx, intentId: string, message: string): Promise<void> {
  await tx.update(testPaymentIntents).set({ lastError: message }).where(eq(testPaymentIntents.id, intentId));
}

/**
 * Charges an intent still waiting for a card in one statement (the update locks the row and checks
 * its state again); undefined when it is missing or in any other state.
 */
export async function chargeWaitingTestIntent(db: DbOrTx, intentId: string): Promise<TestIntentRow | undefined> {
  const [charged] = await db
    .update(testPaymentIntents)
    .set({ status: 'succeeded', lastError: null })
    .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'requires_payment_method')))
    .returning();
  return charged;
}

export async function markTestIntentSucceeded(tx: DbOrTx, intentId: string): Promise<TestIntentRow | undefined> {
  const [charged] = await tx
    .update(testPaymentIntents)
    .set({ status: 'succeeded', lastError: null })
    .where(eq(testPaymentIntents.id, intentId))
    .returning();
  return charged;
}

export async function markTestIntentCanceled(tx: DbOrTx, intentId: string): Promise<void> {
  await tx.update(testPaymentIntents).set({ status: 'canceled' }).where(eq(testPaymentIntents.id, intentId));
}

export async function findTestRefundByKey(tx: DbOrTx, idempotencyKey: string) {
  const [earlier] = await tx.select().from(testRefunds).where(eq(testRefunds.idempotencyKey, idempotencyKey));
  return earlier;
}

export async function insertTestRefund(
  tx: DbOrTx,
  refund: { id: string; intentId: string; amountCents: number; idempotencyKey: string },
): Promise<void> {
  await tx.insert(testRefunds).values(refund);
}

export async function setTestIntentRefunded(tx: DbOrTx, intentId: string, amountRefundedCents: number): Promise<void> {
  await tx.update(testPaymentIntents).set({ amountRefundedCents }).where(eq(testPaymentIntents.id, intentId));
}
