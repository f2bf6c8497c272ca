import type { AppDeps } from '../../lib/context';
import { escapeHtml, mailTexts } from '../../lib/mail-texts';
import type { PeriodicJob } from '../../lib/scheduler';
import { languageOf } from '../users/service';
import { deliverAfterReply } from '../webhooks';
import { productsPhrase, SALE_ALERT_LINK, saleAlertWords } from './queue';
import { type ClaimedAlert, claimQueuedAlerts, failStaleSending, finishClaimedAlert, releaseClaimedAlerts } from './repository';

/** A mail the mail server refused this many times is given up (failed). */
const MAX_ATTEMPTS = 5;
/** A mail left `sending` this long belongs to a runner that died mid-send (nodemailer gives up after 10 minutes). */
const STALE_SENDING_MS = 15 * 60_000;
/** How often the job sends what a request could not (a refused mail, a crash after the commit). */
const CHECK_EVERY_MS = 60_000;
/** E-mails one run sends at most. */
const RUN_LIMIT = 500;

export interface SendOptions {
  /** Only this order's alerts (right after its payment or refund committed). */
  orderId?: string;
  /** That order's alerts wrote webhook deliveries (queueSaleAlertsInTx said so): the delivery runner is woken. */
  webhookDeliveries?: boolean;
  staleSendingMs?: number;
  /** Test hook standing in for a crash: called after a mail is claimed (throwing leaves it `sending`). */
  afterClaim?: (alert: ClaimedAlert) => void;
}

/** The e-mail of one alert, in the seller's language. */
function saleAlertMail(deps: AppDeps, alert: ClaimedAlert) {
  const language = languageOf(alert);
  const m = mailTexts(language);
  const words = saleAlertWords(language, { ...alert, products: productsPhrase(alert.lines) });
  const salesUrl = `${deps.config.publicUrl}${SALE_ALERT_LINK}`;
  const manageUrl = `${deps.config.publicUrl}/profile`;
  return {
    kind: 'notification' as const,
    to: alert.email,
    subject: words.title,
    text: [
      m.hi(alert.firstName),
      '',
      words.message,
      '',
      `${m.saleAlert.open}: ${salesUrl}`,
      '',
      m.saleAlert.why,
      `${m.saleAlert.manage}: ${manageUrl}`,
      '',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(m.hi(alert.firstName))}</p>`,
      `<p>${escapeHtml(words.message)}</p>`,
      `<p><a href="${salesUrl}">${escapeHtml(m.saleAlert.open)}</a></p>`,
      `<p style="font-size:12px;color:#666">${escapeHtml(m.saleAlert.why)} <a href="${manageUrl}">${escapeHtml(m.saleAlert.manage)}</a></p>`,
    ].join(''),
  };
}

/**
 * Sends the queued sale and refund e-mails (of one order, or all): each is claimed first, so two
 * runners never send the same one, and one a crash interrupted mid-send is marked failed (by the
 * job's next run) rather than sent twice. Right after a payment or refund, all of that order's
 * e-mails are claimed at once; the job claims them one by one. A refusal puts the mail back for the
 * next run and ends this one. Answers how many were sent.
 */
export async function sendSaleAlerts(deps: AppDeps, options: SendOptions = {}): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  if (options.orderId) {
    // Its webhook events go out too, without delaying the answer (when it wrote any delivery).
    if (options.webhookDeliveries) deliverAfterReply(deps);
    await sendClaimed(deps, await claimQueuedAlerts(deps.db, { orderId: options.orderId, limit: RUN_LIMIT }), options, result);
    return result;
  }
  result.failed += await failStaleSending(deps.db, options.staleSendingMs ?? STALE_SENDING_MS);
  for (let taken = 0; taken < RUN_LIMIT; taken += 1) {
    const claimed = await claimQueuedAlerts(deps.db, { limit: 1 });
    if (claimed.length === 0 || !(await sendClaimed(deps, claimed, options, result))) break;
  }
  return result;
}

/**
 * Sends claimed e-mails in turn. On a refusal that one goes back to the queue (or is given up after
 * MAX_ATTEMPTS), and the answer is false; then, as when the mail server is so slow that the claim
 * grows old, those not yet tried go back to the queue untouched (before the job could take them
 * for a dead runner's).
 */
async function sendClaimed(
  deps: AppDeps,
  alerts: ClaimedAlert[],
  options: SendOptions,
  result: { sent: number; failed: number },
): Promise<boolean> {
  const claimedAt = Date.now();
  for (const [index, alert] of alerts.entries()) {
    const rest = () => alerts.slice(index).map((left) => left.id);
    if (Date.now() - claimedAt > STALE_SENDING_MS / 3) {
      await releaseClaimedAlerts(deps.db, rest());
      return false;
    }
    options.afterClaim?.(alert);
    try {
      await deps.mailer.send(saleAlertMail(deps, alert));
    } catch (error) {
      const status = alert.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      await finishClaimedAlert(deps.db, alert.id, { status, error: (error as Error).message.slice(0, 500) });
      if (status === 'failed') result.failed += 1;
      await releaseClaimedAlerts(deps.db, rest().slice(1));
      return false;
    }
    await finishClaimedAlert(deps.db, alert.id, { status: 'sent' });
    result.sent += 1;
  }
  return true;
}

/** The scheduled job: sends what waits, on one instance at a time (job leases). */
export function saleAlertsJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'sale-alerts',
    everyMs: CHECK_EVERY_MS,
    run: async () => {
      const result = await sendSaleAlerts(deps);
      if (result.sent || result.failed) log(`sale alerts: ${result.sent} e-mails sent, ${result.failed} failed`);
    },
  };
}
