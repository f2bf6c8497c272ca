import type { Preferences } from '@app/shared';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Data access for accounts. Every function takes the database or a transaction. */

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return row;
}

export async function findUserByGoogleSubject(db: DbOrTx, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.googleSubject, subject), isNull(users.deletedAt)));
  return row;
}

/** Inserts an account; returns undefined when the e-mail is already taken. */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: string, changes: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** A page of accounts not deleted, newest first, with one role (as stored) or text in the e-mail or name. */
export async function listUserPage(
  db: DbOrTx,
  filter: { role?: string; search?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const like = `%${filter.search}%`;
    conditions.push(or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like)) as SQL);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The stored preferences of an account (null when it never saved any); undefined when there is no such account. */
export async function findPreferences(
  db: DbOrTx,
  userId: string,
  lock = false,
): Promise<{ preferences: Preferences | null } | undefined> {
  const query = db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The stored preferences of the live account with this e-mail; undefined when there is none. */
export async function findPreferencesByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ preferences: Preferences | null } | undefined> {
  const [row] = await db
    .select({ preferences: users.preferences })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return row;
}

/** Locks the account's row until the transaction ends (checkouts of one buyer take turns). */
export async function lockUserRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** Ends every session of a user at once: access tokens carry the version they were issued with. */
export async function bumpTokenVersion(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/**
 * Of these sellers, the ones an admin suspended. The active ones' rows are share-locked until the
 * caller's transaction ends, so a suspension waits for a sale already being written, and a sale
 * never lands after a suspension committed.
 */
export async function suspendedAmong(tx: DbOrTx, sellerIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(sellerIds)].sort();
  if (ids.length === 0) return new Set();
  const rows = await tx.execute<{ id: string; is_active: boolean }>(
    sql`select id, is_active from ${users} where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for share`,
  );
  const active = new Set(rows.rows.filter((row) => row.is_active).map((row) => row.id));
  return new Set(ids.filter((id) => !active.has(id)));
}
