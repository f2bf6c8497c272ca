import { CART_BADGE_CAP } from '@app/shared';

/** Spec §9: the header badge shows '99+' above 99 items. */
export function formatCartBadge(count: number): string {
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(Math.max(0, Math.floor(count)));
}
