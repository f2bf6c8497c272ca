import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

/** The server's rule: a reason of at least 5 characters, which the seller will read. */
export const rejectReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, 'A reason is required to reject a product (at least 5 characters)')
    .max(1000, 'The reason must be at most 1000 characters'),
});
export type RejectReason = z.input<typeof rejectReasonSchema>;

/** PUT /admin/products/{id}/reject {reason}. */
export function rejectProduct({ id, reason }: { id: string; reason: string }): Promise<{ message: string }> {
  return api.put<{ message: string }>(`/admin/products/${encodeURIComponent(id)}/reject`, { reason });
}

export function useRejectProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
