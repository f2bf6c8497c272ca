import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { AppDeps } from '../../lib/context';

export interface NewNotification {
  type?: 'info' | 'success' | 'warning' | 'error';
  title: string;
  message: string;
  link?: string | null;
}

/** Notifies one user in-app and, optionally, by e-mail. */
export async function notifyUser(
  deps: AppDeps,
  userId: string,
  note: NewNotification,
  options: { email?: boolean; db?: DbOrTx } = {},
) {
  const db = options.db ?? deps.db;
  await db
    .insert(notifications)
    .values({ userId, type: note.type ?? 'info', title: note.title, message: note.message, link: note.link ?? null });
  if (options.email) {
    const [user] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
    if (user) {
      const link = note.link ? `${deps.config.publicUrl}${note.link}` : deps.config.publicUrl;
      await deps.mailer
        .send({
          to: user.email,
          subject: note.title,
          text: `Hi ${user.firstName},\n\n${note.message}\n\n${link}\n`,
          html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>${escapeHtml(note.message)}</p><p><a href="${link}">${link}</a></p>`,
        })
        .catch(() => {});
    }
  }
}

/** An announcement to every active user, or to one role: one set-based insert. */
export async function announce(deps: AppDeps, note: NewNotification, role: string | null): Promise<number> {
  const result = await deps.db.execute(sql`
    insert into ${notifications} (user_id, type, title, message, link)
    select id, ${note.type ?? 'info'}, ${note.title}, ${note.message}, ${note.link ?? null}
    from ${users}
    where deleted_at is null and is_active and (${role}::text is null or lower(role) = ${role}::text or (${role}::text = 'buyer' and lower(role) = 'user'))`);
  return result.rowCount ?? 0;
}

export async function listNotifications(deps: AppDeps, userId: string, limit = 30) {
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  const [unread] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    notifications: rows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      link: n.link,
      read: n.readAt !== null,
      timestamp: n.createdAt.toISOString(),
    })),
    unread: unread?.n ?? 0,
  };
}

export async function markRead(deps: AppDeps, userId: string, id: string | null) {
  await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
