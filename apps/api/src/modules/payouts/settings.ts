import type { PayoutSettingsUpdate, PayoutSettingsView } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payoutSettings } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { centsToDollars, dollarsToCents } from '../../lib/money';

export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;

/** The one settings row (the migration creates it; recreated with defaults if someone removed it). */
export async function readPayoutSettings(db: DbOrTx): Promise<PayoutSettingsRow> {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.id, 1));
  if (row) return row;
  await db.insert(payoutSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(payoutSettings).where(eq(payoutSettings.id, 1));
  if (!created) throw new Error('payout settings row missing');
  return created;
}

export function presentPayoutSettings(row: PayoutSettingsRow, provider: 'test' | 'stripe'): PayoutSettingsView {
  return {
    payout_schedule: row.schedule,
    minimum_payout: centsToDollars(row.minimumPayoutCents),
    hold_days: row.holdDays,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    provider,
  };
}

/** Changes the schedule, minimum or hold; the audit log keeps the values before and after. */
export async function updatePayoutSettings(
  deps: AppDeps,
  actor: { id: string; ip: string | null },
  input: PayoutSettingsUpdate,
): Promise<PayoutSettingsView> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await readPayoutSettings(tx);
    await tx.select().from(payoutSettings).where(eq(payoutSettings.id, 1)).for('update');
    const [after] = await tx
      .update(payoutSettings)
      .set({
        schedule: input.payout_schedule,
        minimumPayoutCents: input.minimum_payout === undefined ? undefined : dollarsToCents(input.minimum_payout),
        holdDays: input.hold_days,
      })
      .where(eq(payoutSettings.id, 1))
      .returning();
    if (!after) throw new Error('payout settings row missing');
    await recordAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'payout.settings_updated',
      subjectType: 'payout_settings',
      subjectId: '1',
      details: {
        before: { schedule: before.schedule, minimum_payout_cents: before.minimumPayoutCents, hold_days: before.holdDays },
        after: { schedule: after.schedule, minimum_payout_cents: after.minimumPayoutCents, hold_days: after.holdDays },
      },
    });
    return after;
  });
  return presentPayoutSettings(row, deps.payouts.name);
}
