import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { isUuid } from '../../lib/validation';
import { readReferral } from './referral-cookie';
import { isActiveUser } from './repository';
import { readAffiliateSettings } from './settings';

export interface Attribution {
  affiliateId: string;
  commissionBps: number;
}

/**
 * Who referred this order, from the server-signed cookie alone: the programme must be on, the
 * cookie genuine and inside the window, the referrer an active member who is neither the buyer
 * nor a seller of anything in the order. The rate is fixed now, for this order.
 */
export async function attributeOrder(
  tx: Tx,
  deps: AppDeps,
  cookieValue: string | undefined,
  buyerId: string,
  sellerIds: string[],
): Promise<Attribution | null> {
  if (!cookieValue) return null;
  const settings = await readAffiliateSettings(tx);
  if (!settings.enabled || settings.commissionBps <= 0) return null;
  const claims = readReferral(deps, cookieValue, settings.cookieDays);
  if (!claims || !isUuid(claims.a)) return null;
  if (claims.a === buyerId || sellerIds.includes(claims.a)) return null;
  if (!(await isActiveUser(tx, claims.a))) return null;
  return { affiliateId: claims.a, commissionBps: settings.commissionBps };
}
