import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';

export type SettingsRow = typeof siteSettings.$inferSelect;

/** The one settings row, created with its defaults the first time it is needed. */
export async function ensureSettingsRow(db: DbOrTx): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
}

export async function findSettingsRow(db: DbOrTx): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row;
}

export async function updateSettingsRow(db: DbOrTx, changes: Partial<SettingsRow>): Promise<void> {
  await db.update(siteSettings).set(changes).where(eq(siteSettings.id, 1));
}
