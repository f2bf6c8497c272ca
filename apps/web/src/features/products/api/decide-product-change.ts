import type { ChangeDecision, PendingChange } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

export interface ChangeDecisionInput {
  change: PendingChange;
  decision: 'approve' | 'reject';
  reason?: string;
}

function changePath(change: PendingChange): string {
  return change.kind === 'version'
    ? `/admin/products/${encodeURIComponent(change.product_id)}/versions/${encodeURIComponent(change.id)}`
    : `/admin/product-revisions/${encodeURIComponent(change.id)}`;
}

/** PUT …/approve or …/reject {reason} for a version or an edit (approving twice is harmless on the server). */
export function decideProductChange({ change, decision, reason }: ChangeDecisionInput): Promise<ChangeDecision> {
  return decision === 'approve'
    ? api.put<ChangeDecision>(`${changePath(change)}/approve`)
    : api.put<ChangeDecision>(`${changePath(change)}/reject`, { reason });
}

export function useDecideProductChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideProductChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
