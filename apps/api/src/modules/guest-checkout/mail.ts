import { formatMessage, GUEST_CLAIM_LINK_TTL_DAYS, GUEST_ORDER_LINK_TTL_DAYS } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { escapeHtml } from '../../lib/mail-texts';
import { signGuestOrder } from '../../lib/signed-links';
import { createOpaqueToken, hashToken } from '../../lib/tokens';
import { insertResetToken } from '../auth/repository';
import { findUserById, type UserRow } from '../users/repository';
import { languageOf } from '../users/service';
import { findGuestOrder } from './repository';

// The guest's links and e-mails: what payments (after a payment) and sign-up (an unclaimed address)
// call. Kept apart from service.ts, which itself calls the checkout, payments and auth.

const HOUR_MS = 3_600_000;

/** A fresh order-scoped token (GUEST_ORDER_LINK_TTL_DAYS). */
export function orderToken(deps: AppDeps, orderId: string, now = Date.now()): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now + GUEST_ORDER_LINK_TTL_DAYS * 24 * HOUR_MS);
  return {
    token: signGuestOrder(deps.downloadSigningKey, { g: orderId, exp: Math.floor(expiresAt.getTime() / 1000) }),
    expiresAt,
  };
}

/** A single-use link that sets the password of an unclaimed account (stored hashed, as reset links are). */
async function issueClaimLink(deps: AppDeps, user: UserRow): Promise<string> {
  const token = createOpaqueToken();
  await insertResetToken(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + GUEST_CLAIM_LINK_TTL_DAYS * 24 * HOUR_MS),
  });
  return `${deps.config.publicUrl}/claim-account?token=${token}`;
}

/**
 * After a guest order is paid (test card, Stripe webhook, free): the address gets its receipt page
 * link and, while the account is unclaimed, the link to claim it. A claimed account's owner is told
 * the order is in their account; nothing in it is reachable from the guest's side.
 */
export async function sendGuestOrderMail(deps: AppDeps, orderId: string): Promise<void> {
  const order = await findGuestOrder(deps.db, orderId);
  if (order?.paymentStatus !== 'paid') return;
  const buyer = await findUserById(deps.db, order.userId);
  if (!buyer?.isActive) return;
  const language = languageOf(buyer);
  const t = (id: Parameters<typeof formatMessage>[1], values?: Record<string, string | number>) =>
    formatMessage(language, id, values);
  const pageUrl = `${deps.config.publicUrl}/guest/orders/${order.id}#${orderToken(deps, order.id).token}`;
  const claimUrl = buyer.unclaimedSince ? await issueClaimLink(deps, buyer) : null;
  const days = { days: GUEST_CLAIM_LINK_TTL_DAYS };
  const accountLines = claimUrl
    ? [t('mail.guest.claimIntro'), t('mail.guest.claimOpen', days), claimUrl]
    : [t('mail.guest.inAccount', { url: `${deps.config.publicUrl}/orders` })];
  await deps.mailer.send({
    kind: 'guest-order',
    to: buyer.email,
    subject: t('mail.guest.subject', { order: order.orderNumber }),
    text: [t('mail.guest.intro', { order: order.orderNumber }), pageUrl, '', ...accountLines].join('\n'),
    html: `<p>${escapeHtml(t('mail.guest.intro', { order: order.orderNumber }))}</p><p><a href="${pageUrl}">${escapeHtml(
      t('mail.guest.pageLabel'),
    )}</a></p>${
      claimUrl
        ? `<p>${escapeHtml(t('mail.guest.claimIntro'))}</p><p><a href="${claimUrl}">${escapeHtml(t('mail.guest.claimLabel'))}</a> ${escapeHtml(
            t('mail.guest.claimNote', days),
          )}</p>`
        : `<p>${escapeHtml(t('mail.guest.inAccount', { url: `${deps.config.publicUrl}/orders` }))}</p>`
    }`,
  });
}

/**
 * Sign-up with the address of an unclaimed account: no second account and no session; the address
 * gets a claim link, so the purchases appear only once the mailbox is proved.
 */
export async function sendClaimLinkForSignUp(deps: AppDeps, user: UserRow): Promise<void> {
  const claimUrl = await issueClaimLink(deps, user);
  const t = (id: Parameters<typeof formatMessage>[1], values?: Record<string, string | number>) =>
    formatMessage(languageOf(user), id, values);
  const days = { days: GUEST_CLAIM_LINK_TTL_DAYS };
  await deps.mailer.send({
    kind: 'guest-claim',
    to: user.email,
    subject: t('mail.guest.confirmSubject'),
    text: [t('mail.guest.confirmIntro'), t('mail.guest.claimOpen', days), claimUrl].join('\n'),
    html: `<p>${escapeHtml(t('mail.guest.confirmIntro'))}</p><p><a href="${claimUrl}">${escapeHtml(t('mail.guest.claimLabel'))}</a> ${escapeHtml(
      t('mail.guest.claimNote', days),
    )}</p>`,
  });
}
