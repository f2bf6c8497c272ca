import type { ProductUpdateNoteInput, SellerProductUpdate } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productUpdatesQueryKey } from './product-updates-query-key';

export function postUpdateNote({
  productId,
  ...note
}: ProductUpdateNoteInput & { productId: string }): Promise<SellerProductUpdate> {
  return api.post<SellerProductUpdate>(`/seller/products/${encodeURIComponent(productId)}/updates`, note);
}

/** Posts an update note to the past buyers of one of the seller's products. */
export function usePostUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUpdateNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productUpdatesQueryKey }),
  });
}
