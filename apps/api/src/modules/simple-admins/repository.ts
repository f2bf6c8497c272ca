import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { NewUser, UserRow } from '../users/repository';

const isLiveSimpleAdmin = and(eq(users.role, 'simple_admin'), isNull(users.deletedAt));

export async function findSimpleAdmin(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isLiveSimpleAdmin));
  return row;
}

/** Every simple admin not deleted, newest first. */
export async function listSimpleAdminRows(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).where(isLiveSimpleAdmin).orderBy(desc(users.createdAt));
}

/** Changes a simple admin's account (a unique violation is left to the caller: the e-mail is taken). */
export async function updateSimpleAdminRow(db: DbOrTx, id: string, changes: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}
