import type { AdminRevisionReview, AdminVersionReview, PendingChange } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export type ChangeReview = { kind: 'version'; review: AdminVersionReview } | { kind: 'revision'; review: AdminRevisionReview };

/** A version (changelog and file diff) or an edit (field-by-field diff) under review. */
export async function getChangeReview(change: PendingChange): Promise<ChangeReview> {
  if (change.kind === 'version') {
    const review = await api.get<AdminVersionReview>(
      `/admin/products/${encodeURIComponent(change.product_id)}/versions/${encodeURIComponent(change.id)}`,
    );
    return { kind: 'version', review };
  }
  const review = await api.get<AdminRevisionReview>(`/admin/product-revisions/${encodeURIComponent(change.id)}`);
  return { kind: 'revision', review };
}

export function useChangeReview(change: PendingChange | null) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'product-change', change?.kind, change?.id),
    queryFn: () => getChangeReview(change as PendingChange),
    enabled: change !== null,
  });
}
