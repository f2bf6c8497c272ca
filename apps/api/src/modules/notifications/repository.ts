import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a note to a user needs to know about them: where to mail and which language. */
export async function findRecipient(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function insertNotification(
  db: DbOrTx,
  note: { userId: string; type: NotificationRow['type']; title: string; message: string; link: string | null },
): Promise<void> {
  await db.insert(notifications).values(note);
}

/** One notification for every active user, or those of one role ('buyer' also covers the legacy 'user'); answers how many. */
export async function insertNotificationForEveryone(
  db: DbOrTx,
  note: { type: NotificationRow['type']; title: string; message: string; link: string | null },
  role: string | null,
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, type, title, message, link)
    select id, ${note.type}, ${note.title}, ${note.message}, ${note.link}
    from ${users}
    where deleted_at is null and is_active and (${role}::text is null or lower(role) = ${role}::text or (${role}::text = 'buyer' and lower(role) = 'user'))`);
  return result.rowCount ?? 0;
}

export function listUserNotifications(db: DbOrTx, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function countUnreadNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unread?.n ?? 0;
}

/** Marks one unread notification of the user read, or all of them when id is null. */
export async function markNotificationsRead(db: DbOrTx, userId: string, id: string | null): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined));
}
