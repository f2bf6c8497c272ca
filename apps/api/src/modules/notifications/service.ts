import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { escapeHtml, type MailTexts, mailTexts } from '../../lib/mail-texts';
import { languageOf } from '../users/preferences';

export interface NewNotification {
  type?: 'info' | 'success' | 'warning' | 'error';
  title: string;
  message: string;
  link?: string | null;
}

/**
 * Notifies one user in-app and, optionally, by e-mail. A note built from `MailTexts` is written in
 * the recipient's language (their stored preference); a plain note (an admin's words) is kept as is.
 */
export async function notifyUser(
  deps: AppDeps,
  userId: string,
  note: NewNotification | ((texts: MailTexts) => NewNotification),
  options: { email?: boolean; db?: DbOrTx } = {},
) {
  const db = options.db ?? deps.db;
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId));
  const texts = mailTexts(user ? languageOf(user) : 'en');
  const made = typeof note === 'function' ? note(texts) : note;
  await db
    .insert(notifications)
    .values({ userId, type: made.type ?? 'info', title: made.title, message: made.message, link: made.link ?? null });
  if (options.email && user) {
    const link = made.link ? `${deps.config.publicUrl}${made.link}` : deps.config.publicUrl;
    await deps.mailer
      .send({
        kind: 'notification',
        to: user.email,
        subject: made.title,
        text: `${texts.hi(user.firstName)}\n\n${made.message}\n\n${link}\n`,
        html: `<p>${texts.hi(escapeHtml(user.firstName))}</p><p>${escapeHtml(made.message)}</p><p><a href="${link}">${link}</a></p>`,
      })
      .catch(() => {});
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
