import type { RefundDecision as RefundDecisionRequest } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

/** The note is required (5+ characters) to deny: the buyer reads it. */
export type RefundDecision = RefundDecisionRequest & { orderId: string };

/** Shortest note the server accepts with a denial. */
export const DENY_NOTE_MIN = 5;

/** PUT /admin/orders/{id}/refund: approving refunds the payment and revokes the downloads. */
export function decideRefund({ orderId, decision, note }: RefundDecision): Promise<{ message: string }> {
  return api.put<{ message: string }>(`/admin/orders/${encodeURIComponent(orderId)}/refund`, {
    decision,
    ...(note?.trim() ? { note: note.trim() } : {}),
  });
}

export function useDecideRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
