import { and, count, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactStatus = 'open' | 'handled' | 'all';

/** Holds a per-address lock until the transaction ends, so two messages from one address are counted one after the other. */
export async function lockSender(tx: DbOrTx, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${ip}`}))`);
}

export async function countSentSince(tx: DbOrTx, ip: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, since)));
  return row?.total ?? 0;
}

export async function insertContactMessage(tx: DbOrTx, values: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
  const [row] = await tx.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('contact message not stored');
  return row;
}

function statusFilter(status: ContactStatus): SQL | undefined {
  if (status === 'open') return isNull(contactMessages.handledAt);
  if (status === 'handled') return isNotNull(contactMessages.handledAt);
  return undefined;
}

/** One page of the inbox, newest first, with the totals the admin page shows. */
export async function listContactMessagesPage(
  db: DbOrTx,
  options: { status: ContactStatus; page: number; limit: number },
): Promise<{ rows: ContactMessageRow[]; total: number; open: number }> {
  const where = statusFilter(options.status);
  const [rows, [counted], [open]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ total: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ]);
  return { rows, total: counted?.total ?? 0, open: open?.total ?? 0 };
}

/** Marks a message handled (by whom, when) or open again; undefined when there is no such message. */
export async function setHandled(db: DbOrTx, id: string, handledBy: string | null): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handledBy ? new Date() : null, handledBy })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

/** Deletes messages older than `before` (the privacy policy's retention for support messages). */
export async function deleteSentBefore(tx: DbOrTx, before: Date): Promise<void> {
  await tx.delete(contactMessages).where(lt(contactMessages.createdAt, before));
}
