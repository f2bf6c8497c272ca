import { type DownloadLinks, GUEST_ORDER_TOKEN_HEADER, type OrderView } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const headers = (token: string) => ({ [GUEST_ORDER_TOKEN_HEADER]: token });

export function getGuestOrder(orderId: string, token: string, signal?: AbortSignal): Promise<OrderView> {
  return api.get<OrderView>(`/guest/orders/${encodeURIComponent(orderId)}`, { headers: headers(token), signal });
}

export function getGuestDownloads(orderId: string, token: string, signal?: AbortSignal): Promise<DownloadLinks> {
  return api.get<DownloadLinks>(`/guest/orders/${encodeURIComponent(orderId)}/downloads`, { headers: headers(token), signal });
}

/** A guest order, asked again every few seconds until its payment settles (a Stripe webhook may come later). */
export function useGuestOrder(orderId: string, token: string) {
  return useQuery({
    queryKey: ['guest-orders', orderId],
    queryFn: ({ signal }) => getGuestOrder(orderId, token, signal),
    enabled: Boolean(token),
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.payment_status !== 'unpaid' ? false : 3000),
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
