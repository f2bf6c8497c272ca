import { and, asc, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { forumCategories, forumReplies, forumReports, forumThreads, orderItems, orders, products, users } from '../../db/schema';
import { isPublicProduct } from '../catalog/repository';

export type ThreadRow = typeof forumThreads.$inferSelect;
export type ReplyRow = typeof forumReplies.$inferSelect;

/** Who is looking: moderators see hidden posts, authors see their own. */
export interface Viewer {
  id: string | null;
  moderator: boolean;
}

const authorName = sql<string>`${users.firstName} || ' ' || left(${users.lastName}, 1) || '.'`;

function visibleThread(viewer: Viewer): SQL | undefined {
  if (viewer.moderator) return undefined;
  return viewer.id
    ? or(eq(forumThreads.isHidden, false), eq(forumThreads.authorId, viewer.id))
    : eq(forumThreads.isHidden, false);
}

function visibleReply(viewer: Viewer): SQL | undefined {
  if (viewer.moderator) return undefined;
  return viewer.id
    ? or(eq(forumReplies.isHidden, false), eq(forumReplies.authorId, viewer.id))
    : eq(forumReplies.isHidden, false);
}

const visibleReplyCount = sql<number>`(select count(*)::int from ${forumReplies} r where r.thread_id = "forum_threads"."id" and not r.is_hidden)`;

const threadColumns = {
  thread: forumThreads,
  categorySlug: forumCategories.slug,
  authorName,
  productTitle: products.title,
  replyCount: visibleReplyCount,
};

export type ThreadListRow = {
  thread: ThreadRow;
  categorySlug: string;
  authorName: string;
  productTitle: string | null;
  replyCount: number;
};

function threadQuery(db: DbOrTx) {
  return (
    db
      .select(threadColumns)
      .from(forumThreads)
      .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
      .innerJoin(users, eq(users.id, forumThreads.authorId))
      // Only a product the catalogue shows now: one rejected, deleted or hidden (seller suspended) after the thread linked it is not named.
      .leftJoin(products, and(eq(products.id, forumThreads.productId), isPublicProduct))
  );
}

export async function listCategories(db: DbOrTx) {
  return db
    .select({
      category: forumCategories,
      threadCount: sql<number>`(select count(*)::int from ${forumThreads} t where t.category_id = "forum_categories"."id" and not t.is_hidden)`,
    })
    .from(forumCategories)
    .orderBy(asc(forumCategories.position), asc(forumCategories.name));
}

export async function findCategory(db: DbOrTx, id: string) {
  const [row] = await db.select().from(forumCategories).where(eq(forumCategories.id, id));
  return row;
}

export interface ThreadFilter {
  categorySlug?: string;
  query?: string;
  limit: number;
  offset: number;
}

/** A page of threads: pinned first, then by latest activity; by relevance when searching. */
export async function listThreads(db: DbOrTx, viewer: Viewer, filter: ThreadFilter) {
  const words = filter.query?.match(/[\p{L}\p{N}]+/gu) ?? [];
  // Only words reach PostgreSQL's query parser, so punctuation can never make it fail.
  const tsQuery = words.length > 0 ? sql`plainto_tsquery('english', ${words.join(' ')})` : null;
  const where = and(
    visibleThread(viewer),
    filter.categorySlug ? eq(forumCategories.slug, filter.categorySlug) : undefined,
    tsQuery ? sql`${forumThreads.searchVector} @@ ${tsQuery}` : undefined,
  );
  const order = tsQuery
    ? [sql`ts_rank(${forumThreads.searchVector}, ${tsQuery}) desc`, desc(forumThreads.lastActivityAt), desc(forumThreads.id)]
    : [desc(forumThreads.isPinned), desc(forumThreads.lastActivityAt), desc(forumThreads.id)];
  const [rows, [counted]] = await Promise.all([
    threadQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(forumThreads)
      .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
      .where(where),
  ]);
  return { rows: rows as ThreadListRow[], total: counted?.total ?? 0 };
}

/** One thread as the viewer may see it, or undefined. */
export async function findVisibleThread(db: DbOrTx, viewer: Viewer, id: string): Promise<ThreadListRow | undefined> {
  const [row] = await threadQuery(db).where(and(eq(forumThreads.id, id), visibleThread(viewer)));
  return row as ThreadListRow | undefined;
}

/** The thread row locked for the rest of the transaction. */
export async function lockThread(tx: DbOrTx, id: string): Promise<ThreadRow | undefined> {
  const [row] = await tx.select().from(forumThreads).where(eq(forumThreads.id, id)).for('update');
  return row;
}

export async function lockReply(tx: DbOrTx, id: string): Promise<ReplyRow | undefined> {
  const [row] = await tx.select().from(forumReplies).where(eq(forumReplies.id, id)).for('update');
  return row;
}

/**
 * A page of a thread's replies, oldest first, with whether each author paid for the thread's product
 * (the rule of reviews' hasPaidFor(): a product given away counts, one a promo made free does not).
 */
export async function listReplies(db: DbOrTx, viewer: Viewer, thread: ThreadRow, limit: number, offset: number) {
  const where = and(eq(forumReplies.threadId, thread.id), visibleReply(viewer));
  const isBuyer = thread.productId
    ? sql<boolean>`exists (select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
        where oi.product_id = ${thread.productId} and o.user_id = "forum_replies"."author_id"
          and o.payment_status = 'paid' and (o.total_cents > 0 or oi.unit_price_cents = 0))`
    : sql<boolean>`false`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ reply: forumReplies, authorName, isBuyer })
      .from(forumReplies)
      .innerJoin(users, eq(users.id, forumReplies.authorId))
      .where(where)
      .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(forumReplies).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Serialises one member's posts (so concurrent requests cannot slip past the limit) and counts
 * what they posted in the last minute.
 */
export async function countRecentPosts(tx: DbOrTx, userId: string, kind: 'thread' | 'reply'): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`forum-post:${userId}`}))`);
  const since = sql`now() - interval '1 minute'`;
  const table = kind === 'thread' ? forumThreads : forumReplies;
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.authorId, userId), gt(table.createdAt, since)));
  return row?.n ?? 0;
}

export async function findProductTitle(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.id, id), isPublicProduct));
  return row;
}

export async function insertReport(tx: DbOrTx, values: typeof forumReports.$inferInsert) {
  const [row] = await tx.insert(forumReports).values(values).onConflictDoNothing().returning({ id: forumReports.id });
  return row;
}

export async function listOpenReports(db: DbOrTx, limit: number, offset: number) {
  const where = isNull(forumReports.resolvedAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        report: forumReports,
        reporterName: authorName,
        excerpt: sql<string>`left(coalesce(${forumReplies.body}, ${forumThreads.title}), 200)`,
      })
      .from(forumReports)
      .innerJoin(users, eq(users.id, forumReports.reporterId))
      .innerJoin(forumThreads, eq(forumThreads.id, forumReports.threadId))
      .leftJoin(forumReplies, eq(forumReplies.id, forumReports.replyId))
      .where(where)
      .orderBy(desc(forumReports.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(forumReports).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function resolveReport(db: DbOrTx, id: string, moderatorId: string): Promise<boolean> {
  const rows = await db
    .update(forumReports)
    .set({ resolvedAt: new Date(), resolvedBy: moderatorId })
    .where(and(eq(forumReports.id, id), isNull(forumReports.resolvedAt)))
    .returning({ id: forumReports.id });
  return rows.length > 0;
}

/** Answers the new thread's id. */
export async function insertThread(
  tx: DbOrTx,
  thread: { categoryId: string; authorId: string; productId: string | null; title: string; body: string },
): Promise<string> {
  const [row] = await tx.insert(forumThreads).values(thread).returning({ id: forumThreads.id });
  if (!row) throw new Error('thread not created');
  return row.id;
}

export async function updateThreadText(tx: DbOrTx, id: string, text: { title: string; body: string }): Promise<void> {
  await tx
    .update(forumThreads)
    .set({ ...text, editedAt: new Date() })
    .where(eq(forumThreads.id, id));
}

/** Deletes the thread and, by cascade, its replies. */
export async function deleteThreadRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(forumThreads).where(eq(forumThreads.id, id));
}

export async function insertReply(tx: DbOrTx, reply: { threadId: string; authorId: string; body: string }): Promise<ReplyRow> {
  const [row] = await tx.insert(forumReplies).values(reply).returning();
  if (!row) throw new Error('reply not created');
  return row;
}

export async function setThreadLastActivity(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(forumThreads).set({ lastActivityAt: at }).where(eq(forumThreads.id, id));
}

export async function updateReplyBody(tx: DbOrTx, id: string, body: string): Promise<ReplyRow | undefined> {
  const [updated] = await tx.update(forumReplies).set({ body, editedAt: new Date() }).where(eq(forumReplies.id, id)).returning();
  return updated;
}

export async function deleteReplyRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(forumReplies).where(eq(forumReplies.id, id));
}

/** Sets the given moderation flags; false when there is no such thread. */
export async function setThreadFlags(
  db: DbOrTx,
  id: string,
  flags: { isHidden?: boolean; isLocked?: boolean; isPinned?: boolean },
): Promise<boolean> {
  const rows = await db.update(forumThreads).set(flags).where(eq(forumThreads.id, id)).returning({ id: forumThreads.id });
  return rows.length > 0;
}

export async function setReplyHidden(db: DbOrTx, id: string, hidden: boolean) {
  const [row] = await db
    .update(forumReplies)
    .set({ isHidden: hidden })
    .where(eq(forumReplies.id, id))
    .returning({ id: forumReplies.id, isHidden: forumReplies.isHidden });
  return row;
}
