import type { Language, NewsletterStatus, NewsletterSubscriber } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { escapeHtml, mailTexts } from '../../lib/mail-texts';
import { pagedList, pageOffset } from '../../lib/paging';
import { CONFIRM_LINK_TTL_MS, type LinkPurpose, newsletterKey, signLink, verifyLink } from './links';
import {
  countSubscribers,
  insertSubscriberIfNew,
  listSubscriberRows,
  lockSubscriber,
  lockSubscriberByEmail,
  type SubscriberRow,
  setAccountNewsletterFlag,
  updateSubscriber,
} from './repository';

/** A second request for the same address within this time sends no second e-mail. */
const RESEND_COOLDOWN_MS = 60_000;
const INVALID_LINK = 'This link is invalid or has expired';
export const SUBSCRIBE_REPLY = 'Please check your inbox and click the link to confirm your subscription.';

function tokenFor(deps: AppDeps, subscriber: SubscriberRow, purpose: LinkPurpose): string {
  const now = Date.now();
  return signLink(newsletterKey(deps.downloadSigningKey), {
    s: subscriber.id,
    p: purpose,
    iat: now,
    exp: purpose === 'confirm' ? now + CONFIRM_LINK_TTL_MS : 0,
  });
}

/** Every newsletter mail carries a visible unsubscribe link and the one-click List-Unsubscribe headers. */
async function sendNewsletterMail(
  deps: AppDeps,
  subscriber: SubscriberRow,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
) {
  const unsubscribeToken = tokenFor(deps, subscriber, 'unsubscribe');
  const unsubscribePage = `${deps.config.publicUrl}/newsletter/unsubscribe?token=${unsubscribeToken}`;
  const oneClick = `${deps.config.publicUrl}/api/v1/newsletter/unsubscribe?token=${unsubscribeToken}`;
  const unsubscribe = mailTexts(subscriber.language).newsletter.unsubscribe;
  const text = [
    ...lines,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    `${unsubscribe}: ${unsubscribePage}`,
    '',
  ].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    action ? `<p><a href="${action.url}">${escapeHtml(action.label)}</a></p>` : '',
    `<p style="font-size:12px;color:#666"><a href="${unsubscribePage}">${escapeHtml(unsubscribe)}</a></p>`,
  ].join('');
  await deps.mailer.send({
    kind: 'newsletter',
    to: subscriber.email,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/**
 * Starts a double opt-in: the address gets a confirmation link (or, if it is already confirmed, a
 * note saying so). The reply is the same either way, so it tells nobody who is subscribed.
 * Mail goes out in the language the visitor used; a confirmed subscriber keeps the one they chose.
 */
export async function subscribe(
  deps: AppDeps,
  email: string,
  language: Language = 'en',
): Promise<{ status: 'pending'; detail: string }> {
  const { subscriber, send } = await deps.db.transaction(async (tx) => {
    await insertSubscriberIfNew(tx, email, language);
    const row = await lockSubscriberByEmail(tx, email);
    if (!row) throw new Error('subscriber not stored');
    const recentlySent = row.confirmationSentAt && Date.now() - row.confirmationSentAt.getTime() < RESEND_COOLDOWN_MS;
    if (recentlySent) return { subscriber: row, send: false };
    const updated = await updateSubscriber(tx, row.id, {
      confirmationSentAt: new Date(),
      ...(row.status !== 'confirmed' && { language }),
      ...(row.status === 'unsubscribed' && { status: 'pending' as const }),
    });
    return { subscriber: updated ?? row, send: true };
  });
  if (send) {
    const m = mailTexts(subscriber.language).newsletter;
    if (subscriber.status === 'confirmed') {
      await sendNewsletterMail(deps, subscriber, m.alreadySubject, m.alreadyLines);
    } else {
      const url = `${deps.config.publicUrl}/newsletter/confirm?token=${tokenFor(deps, subscriber, 'confirm')}`;
      await sendNewsletterMail(deps, subscriber, m.confirmSubject, m.confirmLines, { label: m.confirmAction, url });
    }
  }
  return { status: 'pending', detail: SUBSCRIBE_REPLY };
}

/** Confirms the address named by a genuine confirmation link; an unsubscription after the link was sent wins. */
export async function confirmSubscription(deps: AppDeps, token: string): Promise<{ status: NewsletterStatus; email: string }> {
  const claims = verifyLink(newsletterKey(deps.downloadSigningKey), token, 'confirm');
  if (!claims) throw new AppError('BAD_REQUEST', INVALID_LINK);
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscriber(tx, claims.s);
    if (!row) throw new AppError('BAD_REQUEST', INVALID_LINK);
    if (row.status === 'unsubscribed' && row.unsubscribedAt && row.unsubscribedAt.getTime() >= claims.iat) {
      throw new AppError('BAD_REQUEST', INVALID_LINK);
    }
    if (row.status !== 'confirmed') {
      await updateSubscriber(tx, row.id, { status: 'confirmed', confirmedAt: new Date(), unsubscribedAt: null });
    }
    await setAccountNewsletterFlag(tx, row.email, true);
    return { status: 'confirmed' as const, email: row.email };
  });
}

/** Unsubscribes the address named by a genuine unsubscribe link; doing it twice is harmless. */
export async function unsubscribe(
  deps: AppDeps,
  token: string | undefined,
): Promise<{ status: NewsletterStatus; email: string }> {
  const claims = token ? verifyLink(newsletterKey(deps.downloadSigningKey), token, 'unsubscribe') : null;
  if (!claims) throw new AppError('BAD_REQUEST', INVALID_LINK);
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscriber(tx, claims.s);
    if (!row) throw new AppError('BAD_REQUEST', INVALID_LINK);
    if (row.status !== 'unsubscribed') {
      await updateSubscriber(tx, row.id, { status: 'unsubscribed', unsubscribedAt: new Date() });
    }
    await setAccountNewsletterFlag(tx, row.email, false);
    return { status: 'unsubscribed' as const, email: row.email };
  });
}

function present(row: SubscriberRow & { registered: boolean }): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    registered: row.registered,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** A page of the subscriber list for admins, newest first. */
export async function listSubscribers(
  deps: AppDeps,
  query: { status?: NewsletterStatus; q?: string; page: number; limit: number },
) {
  const filter = { status: query.status, q: query.q };
  const [rows, total] = await Promise.all([
    listSubscriberRows(deps.db, filter, { limit: query.limit, offset: pageOffset(query) }),
    countSubscribers(deps.db, filter),
  ]);
  const subscribers = rows.map(({ row, registered }) => present({ ...row, registered }));
  return pagedList('subscribers', subscribers, total, query);
}

const CSV_COLUMNS = ['email', 'status', 'registered', 'created_at', 'confirmed_at', 'unsubscribed_at'] as const;

/** The whole list (optionally one status) as CSV, safe to open in a spreadsheet. */
export async function exportSubscribersCsv(deps: AppDeps, status?: NewsletterStatus): Promise<string> {
  const rows = await listSubscriberRows(deps.db, { status });
  const lines = rows.map(({ row, registered }) => {
    const item = present({ ...row, registered });
    return CSV_COLUMNS.map((column) => String(item[column] ?? ''));
  });
  return toCsv(CSV_COLUMNS, lines);
}
