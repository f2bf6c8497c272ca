import { type AdminSettings, AI_POOL_SHARE, type PublicSettings, type siteSettingsUpdateSchema } from '@app/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { MicroCache } from '../../lib/micro-cache';
import { ensureSettingsRow, findSettingsRow, type SettingsRow, updateSettingsRow } from './repository';

export type { AdminSettings, PublicSettings };

/** Settings are read on every request (maintenance check): kept for 2 s so every instance agrees within that. */
const cache = new WeakMap<AppDeps, MicroCache<AdminSettings>>();

/** Every setting, the admin address included: for the server's own use and for admins. */
export function readSettings(deps: AppDeps): Promise<AdminSettings> {
  let entry = cache.get(deps);
  if (!entry) {
    entry = new MicroCache<AdminSettings>(2000, 1);
    cache.set(deps, entry);
  }
  return entry.get('settings', async () => {
    // Created with its defaults on first use only, not an INSERT every 2 s per instance.
    let row = await findSettingsRow(deps.db);
    if (!row) {
      await ensureSettingsRow(deps.db);
      row = await findSettingsRow(deps.db);
    }
    if (!row) throw new Error('site settings row missing');
    return presentSettings(deps, row);
  });
}

/** What any visitor may read: the settings without the admin's own address. */
export async function readPublicSettings(deps: AppDeps): Promise<PublicSettings> {
  const { admin_email: _private, ...shown } = await readSettings(deps);
  return shown;
}

function presentSettings(deps: AppDeps, row: SettingsRow): AdminSettings {
  return {
    site_name: row.siteName,
    admin_email: row.adminEmail,
    maintenance_mode: row.maintenanceMode,
    maintenance_message: row.maintenanceMessage,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    contact_address: row.contactAddress,
    social_x: row.socialX,
    social_linkedin: row.socialLinkedin,
    social_github: row.socialGithub,
    social_youtube: row.socialYoutube,
    // The split the order ledger applies (orders/fulfil.ts writeLedger), stated in the seller terms.
    platform_fee_percent: deps.config.platformFeePercent,
    ai_pool_percent: Math.round(AI_POOL_SHARE * 100),
    allow_promo_stacking: row.allowPromoStacking,
  };
}

const COLUMNS = {
  site_name: 'siteName',
  admin_email: 'adminEmail',
  maintenance_mode: 'maintenanceMode',
  maintenance_message: 'maintenanceMessage',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  contact_address: 'contactAddress',
  social_x: 'socialX',
  social_linkedin: 'socialLinkedin',
  social_github: 'socialGithub',
  social_youtube: 'socialYoutube',
  allow_promo_stacking: 'allowPromoStacking',
} as const satisfies Record<keyof z.output<typeof siteSettingsUpdateSchema>, keyof SettingsRow>;

/** Saves the given fields and answers with the settings now in force (for the admin). */
export async function updateSettings(deps: AppDeps, input: z.output<typeof siteSettingsUpdateSchema>): Promise<AdminSettings> {
  const changes: Partial<SettingsRow> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, (typeof COLUMNS)[keyof typeof COLUMNS]][]) {
    const value = input[field];
    if (value !== undefined) Object.assign(changes, { [column]: value });
  }
  await ensureSettingsRow(deps.db);
  await updateSettingsRow(deps.db, changes);
  cache.get(deps)?.clear();
  return readSettings(deps);
}
