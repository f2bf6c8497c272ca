import type { NewsletterStatus } from '@app/shared';
import { and, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsletterSubscribers, users } from '../../db/schema';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export interface SubscriberFilter {
  status?: NewsletterStatus;
  q?: string;
}

/** Adds the address as a pending subscriber unless it is already on the list. */
export async function insertSubscriberIfNew(tx: DbOrTx, email: string, language: SubscriberRow['language']): Promise<void> {
  await tx.insert(newsletterSubscribers).values({ email, language }).onConflictDoNothing();
}

/** Locks the subscriber's row until the transaction ends (FOR UPDATE). */
export async function lockSubscriberByEmail(tx: DbOrTx, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
  return row;
}

/** Locks the subscriber's row until the transaction ends (FOR UPDATE). */
export async function lockSubscriber(tx: DbOrTx, id: string): Promise<SubscriberRow | undefined> {
  const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for('update');
  return row;
}

export async function updateSubscriber(
  tx: DbOrTx,
  id: string,
  changes: Partial<SubscriberRow>,
): Promise<SubscriberRow | undefined> {
  const [updated] = await tx.update(newsletterSubscribers).set(changes).where(eq(newsletterSubscribers.id, id)).returning();
  return updated;
}

/** Mirrors the subscription on the account with that address, if there is a live one and it differs. */
export async function setAccountNewsletterFlag(tx: DbOrTx, email: string, subscribed: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ newsletterSubscribed: subscribed })
    .where(
      and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt), sql`${users.newsletterSubscribed} <> ${subscribed}`),
    );
}

const registered = sql<boolean>`exists (select 1 from ${users} u where lower(u.email) = "newsletter_subscribers"."email" and u.deleted_at is null)`;

function filterOf(filter: SubscriberFilter) {
  return and(
    filter.status ? eq(newsletterSubscribers.status, filter.status) : undefined,
    filter.q ? ilike(newsletterSubscribers.email, `%${escapeLike(filter.q)}%`) : undefined,
  );
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Subscribers matching the filter, newest first, each flagged whether a live account has the address; a page, or all. */
export function listSubscriberRows(db: DbOrTx, filter: SubscriberFilter, page?: { limit: number; offset: number }) {
  const query = db
    .select({ row: newsletterSubscribers, registered })
    .from(newsletterSubscribers)
    .where(filterOf(filter))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countSubscribers(db: DbOrTx, filter: SubscriberFilter): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(newsletterSubscribers).where(filterOf(filter));
  return counted?.total ?? 0;
}
