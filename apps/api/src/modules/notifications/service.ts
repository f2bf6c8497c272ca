import type { NotificationType } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { escapeHtml, type MailTexts, mailTexts } from '../../lib/mail-texts';
import { languageOf } from '../users/service';
import {
  countUnreadNotifications,
  findRecipient,
  insertNotification,
  insertNotificationForEveryone,
  listUserNotifications,
  markNotificationsRead,
} from './repository';

export interface NewNotification {
  type?: NotificationType;
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
  const user = await findRecipient(db, userId);
  const texts = mailTexts(user ? languageOf(user) : 'en');
  const made = typeof note === 'function' ? note(texts) : note;
  await insertNotification(db, {
    userId,
    type: made.type ?? 'info',
    title: made.title,
    message: made.message,
    link: made.link ?? null,
  });
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
  const made = { type: note.type ?? 'info', title: note.title, message: note.message, link: note.link ?? null };
  return insertNotificationForEveryone(deps.db, made, role);
}

export async function listNotifications(deps: AppDeps, userId: string, limit = 30) {
  const rows = await listUserNotifications(deps.db, userId, limit);
  const unread = await countUnreadNotifications(deps.db, userId);
  return {
    notifications: rows.map((n) => ({
      id: n.id,
      // Written only through NewNotification and the announcement schema: always one of NOTIFICATION_TYPES.
      type: n.type as NotificationType,
      title: n.title,
      message: n.message,
      link: n.link,
      read: n.readAt !== null,
      timestamp: n.createdAt.toISOString(),
    })),
    unread,
  };
}

export async function markRead(deps: AppDeps, userId: string, id: string | null) {
  await markNotificationsRead(deps.db, userId, id);
}
