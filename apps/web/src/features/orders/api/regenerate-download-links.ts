import type { RegeneratedLinks } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useViewerId } from '@/lib/user-query-key';
import { downloadLinksQueryKey } from './get-download-links';

/** New links for an order; every link issued before stops working. */
export function regenerateDownloadLinks(orderId: string): Promise<RegeneratedLinks> {
  return api.post<RegeneratedLinks>(`/orders/${encodeURIComponent(orderId)}/regenerate-links`);
}

export function useRegenerateDownloadLinks() {
  const viewerId = useViewerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateDownloadLinks,
    onSuccess: (links, orderId) => queryClient.setQueryData(downloadLinksQueryKey(viewerId, orderId), links),
  });
}
