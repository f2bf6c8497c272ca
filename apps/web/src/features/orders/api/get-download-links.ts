import type { DownloadLinks } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/orders';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export const downloadLinksQueryKey = (userId: string, orderId: string) =>
  userQueryKey(ordersQueryKey, userId, orderId, 'download-links');

export function getDownloadLinks(orderId: string): Promise<DownloadLinks> {
  return api.get<DownloadLinks>(`/orders/${encodeURIComponent(orderId)}/download-links`);
}

/** Signed links to each file of a paid order, fetched when the buyer opens the file list. */
export function useDownloadLinks(orderId: string, enabled: boolean) {
  const viewerId = useViewerId();
  return useQuery({ queryKey: downloadLinksQueryKey(viewerId, orderId), queryFn: () => getDownloadLinks(orderId), enabled });
}
