import type { AffiliateSettingsUpdate, AffiliateSettingsView } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { bpsToPercent, percentToBps } from './commission';
import {
  type AffiliateSettingsRow,
  ensureAffiliateSettingsRow,
  findAffiliateSettings,
  lockAffiliateSettings,
  updateAffiliateSettingsRow,
} from './repository';

export type { AffiliateSettingsRow };

/** The one settings row (the migration creates it; recreated with defaults if someone removed it). */
export async function readAffiliateSettings(db: DbOrTx): Promise<AffiliateSettingsRow> {
  const row = await findAffiliateSettings(db);
  if (row) return row;
  await ensureAffiliateSettingsRow(db);
  const created = await findAffiliateSettings(db);
  if (!created) throw new Error('affiliate settings row missing');
  return created;
}

export function presentAffiliateSettings(row: AffiliateSettingsRow, platformFeePercent: number): AffiliateSettingsView {
  return {
    enabled: row.enabled,
    commission_percent: bpsToPercent(row.commissionBps),
    cookie_days: row.cookieDays,
    max_commission_percent: platformFeePercent,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Changes the programme (on/off, commission, cookie window); the commission is paid out of the
 * platform fee, so it may not exceed it. The audit log keeps the values before and after.
 */
export async function updateAffiliateSettings(
  deps: AppDeps,
  actor: { id: string; ip: string | null },
  input: AffiliateSettingsUpdate,
): Promise<AffiliateSettingsView> {
  const maxPercent = deps.config.platformFeePercent;
  if (input.commission_percent !== undefined && input.commission_percent > maxPercent) {
    throw new AppError('VALIDATION_FAILED', `Commission can not exceed the platform fee (${maxPercent}%)`, [
      { field: 'commission_percent', message: `Commission can not exceed the platform fee (${maxPercent}%)` },
    ]);
  }
  const row = await deps.db.transaction(async (tx) => {
    await readAffiliateSettings(tx);
    const before = await lockAffiliateSettings(tx);
    if (!before) throw new Error('affiliate settings row missing');
    const after = await updateAffiliateSettingsRow(tx, {
      enabled: input.enabled,
      commissionBps: input.commission_percent === undefined ? undefined : percentToBps(input.commission_percent),
      cookieDays: input.cookie_days,
      updatedBy: actor.id,
    });
    if (!after) throw new Error('affiliate settings row missing');
    await recordAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'affiliate.settings_updated',
      subjectType: 'affiliate_settings',
      subjectId: '1',
      details: {
        before: { enabled: before.enabled, commission_bps: before.commissionBps, cookie_days: before.cookieDays },
        after: { enabled: after.enabled, commission_bps: after.commissionBps, cookie_days: after.cookieDays },
      },
    });
    return after;
  });
  return presentAffiliateSettings(row, maxPercent);
}
