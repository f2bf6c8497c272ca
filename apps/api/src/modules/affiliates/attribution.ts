import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { isUuid } from '../../lib/validation';
import { readReferral } from './referral-cookie';
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
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, claims.a), eq(users.isActive, true), isNull(users.deletedAt)));
  if (!referrer) return null;
  return { affiliateId: referrer.id, commissionBps: settings.commissionBps };
}
