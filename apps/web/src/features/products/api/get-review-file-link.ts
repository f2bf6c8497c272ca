import type { AdminReviewFileLink } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /admin/products/{id}/files/{fileId}/link: a five-minute signed link to one file under review. */
export function getReviewFileLink(productId: string, fileId: string): Promise<AdminReviewFileLink> {
  return api.post<AdminReviewFileLink>(
    `/admin/products/${encodeURIComponent(productId)}/files/${encodeURIComponent(fileId)}/link`,
  );
}

export function useReviewFileLink() {
  return useMutation({
    mutationFn: ({ productId, fileId }: { productId: string; fileId: string }) => getReviewFileLink(productId, fileId),
  });
}
