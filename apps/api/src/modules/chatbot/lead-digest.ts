import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { escapeHtml, mailTexts } from '../../lib/mail-texts';
import { deleteExpiredRateLimitHits } from '../../lib/rate-limit-store';
import type { PeriodicJob } from '../../lib/scheduler';
import { type AdminSettings, readSettings } from '../settings/service';
import { languageOfAddress } from '../users/service';
import { adminEmails, type ChatLeadRow, lastLeadDigestAt, takeUnnotifiedLeads, tryLockLeadDigest } from './repository';

/** A digest lists this many leads in full; the rest are counted, and all are in the console. */
const LISTED_MAX = 50;

/**
 * Sends the admins one e-mail listing every lead left since the last digest, at most once per
 * CHATBOT_LEAD_DIGEST_MINUTES across all instances (an advisory lock picks one sender, the newest
 * notified_at spaces the digests). The leads are marked in the same transaction as the sending, so a
 * mail server that fails leaves them for the next run. Returns how many leads the digest listed.
 * Everything the transaction reads goes through its own connection (the cached settings are read
 * before it opens): waiting for a second pooled connection while holding one hung the digest, and
 * with it the pool's only connection, on DATABASE_POOL_MAX=1.
 */
export async function sendLeadDigest(deps: AppDeps): Promise<number> {
  const periodMs = deps.config.chatbot.leadDigestMinutes * 60_000;
  const settings = await readSettings(deps);
  const sent = await deps.db.transaction(async (tx) => {
    if (!(await tryLockLeadDigest(tx))) return 0;
    const last = await lastLeadDigestAt(tx);
    if (last && Date.now() - last.getTime() < periodMs) return 0;
    const leads = await takeUnnotifiedLeads(tx);
    if (leads.length > 0) await mailDigest(deps, tx, settings, leads);
    return leads.length;
  });
  // The lead limits count in the rate-limit table; with RATE_LIMIT_STORE=memory nothing else sweeps it.
  await deleteExpiredRateLimitHits(deps.db);
  return sent;
}

/** One e-mail per admin (and the site's admin address), each in the recipient's language. */
async function mailDigest(deps: AppDeps, tx: Tx, settings: AdminSettings, leads: ChatLeadRow[]): Promise<void> {
  const recipients = new Set([...(await adminEmails(tx)), settings.admin_email].filter(Boolean));
  const site = settings.site_name;
  const link = `${deps.config.publicUrl}/admin/leads`;
  const listed = leads.slice(0, LISTED_MAX);
  const rest = leads.length - listed.length;
  for (const to of recipients) {
    const m = mailTexts(await languageOfAddress(tx, to)).lead;
    const first = leads[0]?.name ?? '';
    const text = [
      m.intro(site, leads.length),
      ...listed.flatMap((lead) => ['', `${m.name}: ${lead.name}`, `${m.email}: ${lead.email}`, `${m.need}: ${lead.need}`]),
      ...(rest > 0 ? ['', m.more(rest)] : []),
      '',
      `${m.allLeads}: ${link}`,
    ].join('\n');
    const items = listed
      .map(
        (lead) =>
          `<li>${m.name}: ${escapeHtml(lead.name)}<br>${m.email}: ${escapeHtml(lead.email)}<br>${m.need}: ${escapeHtml(lead.need)}</li>`,
      )
      .join('');
    const html = `<p>${m.intro(escapeHtml(site), leads.length)}</p><ul>${items}</ul>${rest > 0 ? `<p>${m.more(rest)}</p>` : ''}<p><a href="${link}">${m.allLeads}</a></p>`;
    await deps.mailer.send({ kind: 'chatbot-lead', to, subject: m.subject(leads.length, first), text, html });
  }
}

/** A periodic job every minute (or every period, if shorter): the digest sends only when one is due. */
export function leadDigestJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'chatbot lead digest',
    everyMs: Math.min(60_000, deps.config.chatbot.leadDigestMinutes * 60_000),
    run: async () => {
      const count = await sendLeadDigest(deps);
      if (count) log(`chatbot: lead digest listed ${count} lead(s)`);
    },
  };
}
