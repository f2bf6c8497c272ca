import { and, count, desc, eq, inArray, isNull, lt, max, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatLeads, chatSessions, products, users } from '../../db/schema';
import { isPublicProduct } from '../catalog/repository';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatLeadRow = typeof chatLeads.$inferSelect;

/** The session row, locked until the transaction ends so one session's messages are counted one at a time. */
export async function lockSession(tx: DbOrTx, id: string): Promise<ChatSessionRow | undefined> {
  const [row] = await tx.select().from(chatSessions).where(eq(chatSessions.id, id)).for('update');
  return row;
}

export async function insertSession(tx: DbOrTx, userId: string | null): Promise<ChatSessionRow> {
  const [row] = await tx.insert(chatSessions).values({ userId }).returning();
  if (!row) throw new Error('chat session not created');
  return row;
}

/** Forgets a batch of conversations idle since `before` (their leads stay). Small batches keep each call cheap. */
export async function pruneIdleSessions(tx: DbOrTx, before: Date): Promise<void> {
  // SKIP LOCKED: a session another message holds is left for a later pass (and two prunes never deadlock).
  const idle = tx
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(lt(chatSessions.updatedAt, before))
    .limit(100)
    .for('update', { skipLocked: true });
  await tx.delete(chatSessions).where(inArray(chatSessions.id, idle));
}

export async function saveSession(
  tx: DbOrTx,
  id: string,
  values: Partial<Pick<ChatSessionRow, 'context' | 'browse' | 'windowStartedAt' | 'windowCount'>>,
): Promise<void> {
  await tx.update(chatSessions).set(values).where(eq(chatSessions.id, id));
}

export async function insertLead(tx: DbOrTx, lead: typeof chatLeads.$inferInsert): Promise<ChatLeadRow> {
  const [row] = await tx.insert(chatLeads).values(lead).returning();
  if (!row) throw new Error('lead not created');
  return row;
}

export async function listLeadsPage(db: DbOrTx, page: number, limit: number): Promise<{ rows: ChatLeadRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(chatLeads)
      .orderBy(desc(chatLeads.createdAt), desc(chatLeads.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(chatLeads),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export interface CategoryPriceRange {
  category: string;
  minCents: number;
  maxCents: number;
  total: number;
}

/** Lowest and highest price of the live products in each category. */
export async function priceRangesByCategory(db: DbOrTx): Promise<CategoryPriceRange[]> {
  return db
    .select({
      category: products.category,
      minCents: sql<number>`${min(products.priceCents)}`.mapWith(Number),
      maxCents: sql<number>`${max(products.priceCents)}`.mapWith(Number),
      total: count(),
    })
    .from(products)
    .where(isPublicProduct)
    .groupBy(products.category);
}

/** Where lead alerts go: every active admin account. */
export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows.map((row) => row.email);
}

/**
 * Takes the lock that lets one instance at a time send the lead digest; false when another holds it.
 * Released when the transaction ends.
 */
export async function tryLockLeadDigest(tx: DbOrTx): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('chatbot-lead-digest')) as locked`,
  );
  return rows[0]?.locked === true;
}

/** When the last digest went out (the newest notified_at), or null before the first. */
export async function lastLeadDigestAt(tx: DbOrTx): Promise<Date | null> {
  const [row] = await tx.select({ at: max(chatLeads.notifiedAt) }).from(chatLeads);
  return row?.at ?? null;
}

/** Marks every lead not yet in a digest as notified now and returns them, oldest first. */
export async function takeUnnotifiedLeads(tx: DbOrTx): Promise<ChatLeadRow[]> {
  const rows = await tx.update(chatLeads).set({ notifiedAt: sql`now()` }).where(isNull(chatLeads.notifiedAt)).returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
