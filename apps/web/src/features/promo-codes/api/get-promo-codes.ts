import type { PromoCodeList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export interface PromoCodeFilters {
  search: string;
  /** '' for all codes. */
  active: '' | 'true' | 'false';
  page: number;
  limit: number;
}

export const promoCodesKey = [...adminQueryKey, 'promo-codes'] as const;

export function getPromoCodes(filters: PromoCodeFilters): Promise<PromoCodeList> {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.active) params.set('active', filters.active);
  return api.get<PromoCodeList>(`/admin/promo-codes?${params}`);
}

/** The promo codes with their usage, newest first. */
export function usePromoCodes(filters: PromoCodeFilters) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(promoCodesKey, viewerId, filters),
    queryFn: () => getPromoCodes(filters),
    placeholderData: keepPreviousData,
  });
}
