import type { PayoutSettingsUpdate, PayoutSettingsView } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import {
  ensurePayoutSettingsRow,
  findPayoutSettings,
  lockPayoutSettings,
  type PayoutSettingsRow,
  updatePayoutSettingsRow,
} from './repository';

export type { PayoutSettingsRow };

/** The one settings row (the migration creates it; recreated with defaults if someone removed it). */
export async function readPayoutSettings(db: DbOrTx): Promise<PayoutSettingsRow> {
  const row = await findPayoutSettings(db);
  if (row) return row;
  await ensurePayoutSettingsRow(db);
  const created = await findPayoutSettings(db);
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
    await lockPayoutSettings(tx);
    const after = await updatePayoutSettingsRow(tx, {
      schedule: input.payout_schedule,
      minimumPayoutCents: input.minimum_payout === undefined ? undefined : dollarsToCents(input.minimum_payout),
      holdDays: input.hold_days,
    });
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
