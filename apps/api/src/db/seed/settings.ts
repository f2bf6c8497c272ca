import { and, eq } from 'drizzle-orm';
import { siteSettings } from '../../db/schema';
import type { Database } from '../client';

/** Demo contact details for the footer and /contact, set only while an admin has not chosen their own. */
export async function seedDemoSettings(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  await db
    .update(siteSettings)
    .set({
      contactEmail: 'support@example.com',
      contactPhone: '+92 42 3577 0000',
      contactAddress: 'Gulberg III, Lahore 54660, Pakistan',
    })
    .where(
      and(
        eq(siteSettings.id, 1),
        eq(siteSettings.contactEmail, ''),
        eq(siteSettings.contactPhone, ''),
        eq(siteSettings.contactAddress, ''),
      ),
    );
}
