/**
 * The order-scoped tokens this browser holds (decision 0046): one per guest order, kept so the
 * receipt page opens again after a reload. The e-mailed link carries the token in its #fragment,
 * which never reaches a server log.
 */
const PREFIX = 'guest-order-token:';

export function rememberGuestOrderToken(orderId: string, token: string): void {
  try {
    localStorage.setItem(`${PREFIX}${orderId}`, token);
  } catch {
    // Private mode without storage: the page works for this visit through the link itself.
  }
}

export function guestOrderToken(orderId: string): string {
  try {
    return localStorage.getItem(`${PREFIX}${orderId}`) ?? '';
  } catch {
    return '';
  }
}

/** The page address of a guest order, with its token where only the browser reads it. */
export function guestOrderPath(orderId: string, token: string): string {
  return `/guest/orders/${encodeURIComponent(orderId)}#${encodeURIComponent(token)}`;
}
