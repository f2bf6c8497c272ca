import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { findAffiliateByCode } from './links';
import { setReferralCookie, visitorHash } from './referral-cookie';
import { insertAffiliateClick } from './repository';
import { readAffiliateSettings } from './settings';

export interface Visitor {
  ip: string;
}

/**
 * A visit through a referral link: counts a click (once per address per affiliate per UTC day,
 * whatever browser string it sends)
 * and gives the browser the attribution cookie (last click wins). Unknown codes and a paused
 * programme change nothing. Returns whether the visit was attributed.
 */
export async function recordReferralVisit(deps: AppDeps, reply: FastifyReply, code: string, visitor: Visitor): Promise<boolean> {
  const settings = await readAffiliateSettings(deps.db);
  if (!settings.enabled) return false;
  const affiliate = await findAffiliateByCode(deps.db, code);
  if (!affiliate) return false;
  await insertAffiliateClick(deps.db, {
    affiliateId: affiliate.userId,
    visitorHash: visitorHash(deps, visitor.ip),
    day: new Date().toISOString().slice(0, 10),
  });
  setReferralCookie(reply, deps, affiliate.userId, settings.cookieDays);
  return true;
}

/** Where `/r/<code>?to=` may send the visitor: a path on this site, never another host. */
export function safeLandingPath(to: string | undefined): string {
  if (!to?.startsWith('/') || to.startsWith('//') || /[\\\s]/.test(to) || hasControlCharacter(to)) return '/';
  if (to.startsWith('/api/') || to.startsWith('/r/')) return '/';
  return to.slice(0, 500);
}

function hasControlCharacter(value: string): boolean {
  for (const char of value) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return true;
  return false;
}
