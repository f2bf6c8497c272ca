import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Throws when the database does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
