import type { AiTokenSettings, AiTokenSettingsUpdate } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { ensurePoolSettingsRow, findPoolSettings, type PoolSettingsRow, updatePoolSettingsRow } from './repository';
import { isValidWalletAddress, toChecksumAddress } from './wallet';

export type { PoolSettingsRow };

export const WALLET_CHECKSUM_MESSAGE = 'This wallet address fails its checksum: check every character';

/** The settings row, created with defaults on first use; `lock` holds it for the caller's transaction. */
export async function loadPoolSettings(db: DbOrTx, lock = false): Promise<PoolSettingsRow> {
  await ensurePoolSettingsRow(db);
  const row = await findPoolSettings(db, lock);
  if (!row) throw new Error('ai_pool_settings row missing after insert');
  return row;
}

export function presentPoolSettings(row: PoolSettingsRow): AiTokenSettings {
  return {
    wallet_address: row.walletAddress,
    token: row.tokenSymbol,
    auto_transfer_enabled: row.autoTransferEnabled,
    auto_transfer_threshold: centsToDollars(row.autoTransferThresholdCents),
    schedule: row.schedule,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Changes the pool's settings and records who changed what, in one transaction. */
export async function updatePoolSettings(
  deps: AppDeps,
  input: AiTokenSettingsUpdate,
  actor: { id: string; ip: string },
): Promise<AiTokenSettings> {
  if (input.wallet_address !== undefined && !isValidWalletAddress(input.wallet_address)) {
    throw fieldError('wallet_address', WALLET_CHECKSUM_MESSAGE);
  }
  return deps.db.transaction(async (tx) => {
    const before = await loadPoolSettings(tx, true);
    const enabling = input.auto_transfer_enabled ?? before.autoTransferEnabled;
    if (enabling && !(input.wallet_address ?? before.walletAddress)) {
      throw fieldError('wallet_address', 'Set a wallet address before turning on automatic transfers');
    }
    const after = await updatePoolSettingsRow(tx, {
      ...(input.wallet_address !== undefined && { walletAddress: toChecksumAddress(input.wallet_address) }),
      ...(input.auto_transfer_enabled !== undefined && { autoTransferEnabled: input.auto_transfer_enabled }),
      ...(input.auto_transfer_threshold !== undefined && {
        autoTransferThresholdCents: dollarsToCents(input.auto_transfer_threshold),
      }),
      ...(input.schedule !== undefined && { schedule: input.schedule }),
      updatedBy: actor.id,
    });
    if (!after) throw new Error('ai_pool_settings row missing');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'ai_pool.settings_updated',
      subjectType: 'ai_pool_settings',
      subjectId: '1',
      details: { before: presentPoolSettings(before), after: presentPoolSettings(after) },
      ip: actor.ip,
    });
    return presentPoolSettings(after);
  });
}
