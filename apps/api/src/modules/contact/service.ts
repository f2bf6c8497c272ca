import { CONTACT_PER_HOUR, type ContactMessage, type ContactMessageList, type contactRequestSchema, LEGAL } from '@app/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { escapeHtml, mailTexts } from '../../lib/mail-texts';
import { pagedList } from '../../lib/paging';
import { readSettings } from '../settings/service';
import { languageOfAddress } from '../users/service';
import {
  type ContactMessageRow,
  type ContactStatus,
  countSentSince,
  deleteSentBefore,
  insertContactMessage,
  listContactMessagesPage,
  lockSender,
  setHandled,
} from './repository';

const HOUR_MS = 60 * 60 * 1000;

export interface Sender {
  ip: string;
  userId: string | null;
}

/**
 * Stores a contact-form message (at most CONTACT_PER_HOUR per address and hour, counted in the
 * database so every instance agrees), then e-mails it to the site's admin address.
 */
export async function sendContactMessage(
  deps: AppDeps,
  input: z.output<typeof contactRequestSchema>,
  sender: Sender,
  log: (error: unknown) => void,
): Promise<ContactMessage> {
  const row = await deps.db.transaction(async (tx) => {
    await lockSender(tx, sender.ip);
    const recent = await countSentSince(tx, sender.ip, new Date(Date.now() - HOUR_MS));
    if (recent >= CONTACT_PER_HOUR) {
      throw new AppError('RATE_LIMITED', 'You have sent several messages in the last hour. Please try again later.');
    }
    // Support messages are kept for the period the privacy policy states, then go.
    const retention = new Date();
    retention.setFullYear(retention.getFullYear() - LEGAL.retentionSupportYears);
    await deleteSentBefore(tx, retention);
    return insertContactMessage(tx, { ...input, userId: sender.userId, ip: sender.ip });
  });
  // Stored first: a mail server that is down must not lose the message, admins still see it in the inbox.
  await mailToAdmin(deps, row).catch(log);
  return presentContactMessage(row);
}

async function mailToAdmin(deps: AppDeps, row: ContactMessageRow): Promise<void> {
  const settings = await readSettings(deps);
  if (!settings.admin_email) return;
  const m = mailTexts(await languageOfAddress(deps.db, settings.admin_email)).contact;
  const inbox = `${deps.config.publicUrl}/admin/messages`;
  const subject = m.subject(row.subject.replace(/\s+/g, ' '));
  const text = [m.wrote(`${row.name} <${row.email}>`, settings.site_name), '', row.message, '', m.reply(row.name, inbox)].join(
    '\n',
  );
  const html = `<p>${m.wrote(`${escapeHtml(row.name)} &lt;${escapeHtml(row.email)}&gt;`, escapeHtml(settings.site_name))}</p><blockquote style="white-space:pre-wrap">${escapeHtml(row.message)}</blockquote><p>${m.replyShort} <a href="${inbox}">${m.allMessages}</a></p>`;
  await deps.mailer.send({ kind: 'contact-message', to: settings.admin_email, replyTo: row.email, subject, text, html });
}

/** The admin inbox, newest first. */
export async function listContactMessages(
  deps: AppDeps,
  options: { status: ContactStatus; page: number; limit: number },
): Promise<ContactMessageList> {
  const { rows, total, open } = await listContactMessagesPage(deps.db, options);
  return { ...pagedList('messages', rows.map(presentContactMessage), total, options), open };
}

/** Marks a message handled by this admin, or open again. */
export async function markContactMessage(deps: AppDeps, id: string, handled: boolean, adminId: string): Promise<ContactMessage> {
  const row = await setHandled(deps.db, id, handled ? adminId : null);
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return presentContactMessage(row);
}

function presentContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    user_id: row.userId,
    handled: row.handledAt !== null,
    handled_at: row.handledAt?.toISOString() ?? null,
    handled_by: row.handledBy,
    created_at: row.createdAt.toISOString(),
  };
}
