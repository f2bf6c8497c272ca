import type { Language } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { escapeHtml, mailTexts } from '../../lib/mail-texts';
import type { PeriodicJob } from '../../lib/scheduler';
import { languageOf } from '../users/service';
import { signUnsubscribe } from './links';
import {
  advanceFanout,
  type ClaimedMail,
  claimQueuedMail,
  failStaleSending,
  findProductForUpdates,
  finishClaimedMail,
  insertDeliveries,
  insertNotifications,
  lockNextFanout,
  nextBuyers,
} from './repository';

/** Buyers taken per fan-out transaction. */
export const FANOUT_BATCH = 500;
/** A mail the mail server refused this many times is given up (failed). */
const MAX_ATTEMPTS = 5;
/**
 * A mail left `sending` this long belongs to a runner that died mid-send: marked failed, never sent
 * again (nodemailer's own socket timeout is 10 minutes, so a live runner is done with it by then).
 */
const STALE_SENDING_MS = 15 * 60_000;

export interface RunOptions {
  batchSize?: number;
  staleSendingMs?: number;
  /**
   * Test hooks standing in for a crash: called inside the fan-out transaction after its rows are
   * written (throwing rolls it back), and after a mail is claimed (throwing leaves it `sending`).
   */
  hooks?: { afterFanoutBatch?: (updateId: string, users: number) => void; afterClaim?: (mail: ClaimedMail) => void };
}

export interface RunResult {
  /** Delivery rows written (queued or skipped). */
  fannedOut: number;
  sent: number;
  skipped: number;
  failed: number;
}

/** One buyer's in-app notice of an update, in their language. */
function notificationFor(language: Language, update: { kind: 'version' | 'note'; title: string }, product: string) {
  const m = mailTexts(language).productUpdate;
  return {
    title: m.subject(product, update.title).slice(0, 250),
    message: update.kind === 'version' ? m.notificationVersion : m.notificationNote,
  };
}

/**
 * Writes the next batch of one update's delivery rows, with the in-app notification of every buyer
 * whose row is new, in one transaction; the update's cursor moves in the same transaction, so a
 * crash repeats at most the batch it interrupted (and the rows' key makes the repeat a no-op).
 * Answers the rows written, or null when no update waits.
 */
async function fanOutBatch(deps: AppDeps, options: RunOptions): Promise<number | null> {
  const batchSize = options.batchSize ?? FANOUT_BATCH;
  return deps.db.transaction(async (tx) => {
    const update = await lockNextFanout(tx);
    if (!update) return null;
    const product = await findProductForUpdates(tx, update.productId);
    if (!product) {
      // The product was deleted before its buyers were reached: nothing more goes out.
      await advanceFanout(tx, update.id, update.fanoutAfterUserId, true);
      return 0;
    }
    const candidates = await nextBuyers(tx, update.productId, update.fanoutAfterUserId, batchSize);
    const buyers = candidates.filter((buyer) => buyer.reachable);
    const fresh = await insertDeliveries(
      tx,
      update.id,
      buyers.map((buyer) => ({ userId: buyer.userId, status: buyer.muted ? 'skipped' : 'queued' })),
    );
    await insertNotifications(
      tx,
      buyers
        .filter((buyer) => !buyer.muted && fresh.has(buyer.userId))
        .map((buyer) => ({
          userId: buyer.userId,
          ...notificationFor(languageOf(buyer), update, product.title),
          link: `/products/${update.productId}`,
        })),
    );
    const last = candidates.at(-1)?.userId ?? update.fanoutAfterUserId;
    await advanceFanout(tx, update.id, last, candidates.length < batchSize);
    options.hooks?.afterFanoutBatch?.(update.id, candidates.length);
    return fresh.size;
  });
}

/** The e-mail of one update to one buyer, in their language, with the one-click unsubscribe headers. */
export function productUpdateMail(deps: AppDeps, mail: ClaimedMail) {
  const language = languageOf(mail);
  const m = mailTexts(language);
  const t = m.productUpdate;
  const site = deps.config.publicUrl;
  const token = signUnsubscribe(deps.downloadSigningKey, { u: mail.userId, p: mail.productId });
  const productUrl = `${site}/products/${mail.productId}`;
  const ordersUrl = `${site}/orders`;
  const unsubscribePage = `${site}/product-updates/unsubscribe?token=${token}`;
  const oneClick = `${site}/api/v1/product-updates/unsubscribe?token=${token}`;
  const manageUrl = `${site}/profile`;
  const intro = mail.kind === 'version' ? t.introVersion(mail.productTitle) : t.introNote(mail.productTitle);
  const text = [
    m.hi(mail.firstName),
    '',
    intro,
    '',
    mail.title,
    '',
    mail.body,
    '',
    `${t.openProduct}: ${productUrl}`,
    ...(mail.kind === 'version' ? [`${t.downloadVersion}: ${ordersUrl}`] : []),
    '',
    t.why(mail.productTitle),
    `${t.unsubscribe}: ${unsubscribePage}`,
    `${t.manage}: ${manageUrl}`,
    '',
  ].join('\n');
  // The note is markdown; in the mail it stays the seller's plain text (escaped, line breaks kept).
  const html = [
    `<p>${escapeHtml(m.hi(mail.firstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<h2 style="font-size:18px">${escapeHtml(mail.title)}</h2>`,
    `<div style="white-space:pre-wrap">${escapeHtml(mail.body)}</div>`,
    `<p><a href="${productUrl}">${escapeHtml(t.openProduct)}</a></p>`,
    mail.kind === 'version' ? `<p><a href="${ordersUrl}">${escapeHtml(t.downloadVersion)}</a></p>` : '',
    `<p style="font-size:12px;color:#666">${escapeHtml(t.why(mail.productTitle))} <a href="${unsubscribePage}">${escapeHtml(t.unsubscribe)}</a> · <a href="${manageUrl}">${escapeHtml(t.manage)}</a></p>`,
  ].join('');
  return {
    kind: 'notification' as const,
    to: mail.email,
    subject: t.subject(mail.productTitle, mail.title),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Sends one claimed mail and records the outcome; a refusal puts it back in the queue until MAX_ATTEMPTS. */
async function sendClaimed(deps: AppDeps, mail: ClaimedMail): Promise<'sent' | 'skipped' | 'failed' | 'retry'> {
  if (mail.cancelled) {
    await finishClaimedMail(deps.db, mail, { status: 'skipped' });
    return 'skipped';
  }
  try {
    await deps.mailer.send(productUpdateMail(deps, mail));
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    const status = mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
    await finishClaimedMail(deps.db, mail, { status, error: message });
    return status === 'failed' ? 'failed' : 'retry';
  }
  await finishClaimedMail(deps.db, mail, { status: 'sent' });
  return 'sent';
}

/**
 * One run of the product updates job: writes the waiting updates' delivery rows and notifications
 * a batch at a time, each batch followed by its queued e-mails, one by one. Safe to run on several
 * instances at once (locked rows are skipped, never waited for, and never taken twice), and after a
 * crash it carries on from the last committed batch.
 */
export async function runProductUpdates(deps: AppDeps, options: RunOptions = {}): Promise<RunResult> {
  const result: RunResult = { fannedOut: 0, sent: 0, skipped: 0, failed: 0 };
  result.failed += await failStaleSending(deps.db, options.staleSendingMs ?? STALE_SENDING_MS);
  const batchSize = options.batchSize ?? FANOUT_BATCH;
  const retried = new Set<string>();
  let refusing = false;
  for (;;) {
    const written = await fanOutBatch(deps, options);
    if (written !== null) result.fannedOut += written;
    // A batch's mails go out before the next batch is written: the first buyers hear first.
    let claimed = 0;
    while (!refusing && claimed < batchSize) {
      const mail = await claimQueuedMail(deps.db);
      if (!mail) break;
      claimed += 1;
      options.hooks?.afterClaim?.(mail);
      const outcome = await sendClaimed(deps, mail);
      if (outcome !== 'retry') {
        result[outcome] += 1;
        continue;
      }
      // A mail server refusing the same mail twice is tried again by the next run, not in a tight loop.
      const key = `${mail.updateId}/${mail.userId}`;
      if (retried.has(key)) refusing = true;
      retried.add(key);
    }
    if (written === null && (claimed === 0 || refusing)) return result;
  }
}

/** The scheduled job: every PRODUCT_UPDATES_CHECK_SECONDS, on one instance at a time (job leases). */
export function productUpdatesJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'product-updates',
    everyMs: deps.config.productUpdates.checkSeconds * 1000,
    run: async () => {
      const result = await runProductUpdates(deps);
      if (result.fannedOut || result.sent || result.failed) {
        log(
          `product updates: ${result.fannedOut} deliveries queued, ${result.sent} e-mails sent, ${result.skipped} skipped, ${result.failed} failed`,
        );
      }
    },
  };
}
