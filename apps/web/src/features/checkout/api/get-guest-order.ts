import { type DownloadLinks, GUEST_ORDER_TOKEN_HEADER, type OrderView } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

const headers = (token: string) => ({ [GUEST_ORDER_TOKEN_HEADER]: token });

export function getGuestOrder(orderId: string, token: string, signal?: AbortSignal): Promise<OrderView> {
  return api.get<OrderView>(`/guest/orders/${encodeURIComponent(orderId)}`, { headers: headers(token), signal });
}

export function getGuestDownloads(orderId: string, token: string, signal?: AbortSignal): Promise<DownloadLinks> {
  return api.get<DownloadLinks>(`/guest/orders/${encodeURIComponent(orderId)}/downloads`, { headers: headers(token), signal });
}

/** Payment states that may still turn into "paid" on their own (a Stripe webhook, the stale-payment sweep). */
const UNSETTLED = new Set(['unpaid', 'processing']);

/** Whether a guest order is still waiting for its payment to settle. */
export function isAwaitingPayment(order: Pick<OrderView, 'payment_status'>): boolean {
  return UNSETTLED.has(order.payment_status);
}

export const GUEST_ORDER_POLL_MS = 3000;

/**
 * A guest order, asked again every few seconds while its payment is unsettled ('processing' too: a
 * Stripe confirm whose answer was lost settles by webhook). A refusal (expired link, no such order)
 * is not asked again; a network or server failure, or too many requests, is.
 */
export function useGuestOrder(orderId: string, token: string) {
  return useQuery({
    queryKey: ['guest-orders', orderId],
    queryFn: ({ signal }) => getGuestOrder(orderId, token, signal),
    enabled: Boolean(token),
    retry: false,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
      return !data || isAwaitingPayment(data) ? GUEST_ORDER_POLL_MS : false;
    },
  });
}

/** The paid guest order's download links (signed, no sign-in needed). */
export function useGuestDownloads(orderId: string, token: string, paid: boolean) {
  return useQuery({
    queryKey: ['guest-orders', orderId, 'downloads'],
    queryFn: ({ signal }) => getGuestDownloads(orderId, token, signal),
    enabled: Boolean(token) && paid,
    retry: false,
  });
}
