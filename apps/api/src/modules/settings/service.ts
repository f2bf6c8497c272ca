import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { siteSettings } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { MicroCache } from '../../lib/micro-cache';

export const settingsUpdateSchema = z
  .object({
    site_name: z.string().trim().min(2, 'Site name must be at least 2 characters').max(80),
    admin_email: z.string().trim().email('Please enter a valid email address'),
    maintenance_mode: z.boolean(),
    maintenance_message: z.string().trim().min(5, 'Maintenance message must be at least 5 characters').max(500),
  })
  .partial();

export interface PublicSettings {
  site_name: string;
  admin_email: string;
  maintenance_mode: boolean;
  maintenance_message: string;
}

/** Settings are read on every request (maintenance check): kept for 2 s so every instance agrees within that. */
const cache = new WeakMap<AppDeps, MicroCache<PublicSettings>>();

export function readSettings(deps: AppDeps): Promise<PublicSettings> {
  let entry = cache.get(deps);
  if (!entry) {
    entry = new MicroCache<PublicSettings>(2000, 1);
    cache.set(deps, entry);
  }
  return entry.get('settings', async () => {
    await deps.db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await deps.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    return {
      site_name: row?.siteName ?? 'AI Marketplace',
      admin_email: row?.adminEmail ?? '',
      maintenance_mode: row?.maintenanceMode ?? false,
      maintenance_message: row?.maintenanceMessage ?? '',
    };
  });
}

export async function updateSettings(deps: AppDeps, input: z.output<typeof settingsUpdateSchema>): Promise<PublicSettings> {
  await deps.db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  await deps.db
    .update(siteSettings)
    .set({
      ...(input.site_name !== undefined && { siteName: input.site_name }),
      ...(input.admin_email !== undefined && { adminEmail: input.admin_email }),
      ...(input.maintenance_mode !== undefined && { maintenanceMode: input.maintenance_mode }),
      ...(input.maintenance_message !== undefined && { maintenanceMessage: input.maintenance_message }),
    })
    .where(eq(siteSettings.id, 1));
  cache.get(deps)?.clear();
  return readSettings(deps);
}
