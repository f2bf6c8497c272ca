import type { AffiliateOverview } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminAffiliateKey } from './affiliate-query-key';

export const AFFILIATE_OVERVIEW_PAGE_SIZE = 20;

export function getAffiliateOverview(page: number): Promise<AffiliateOverview> {
  const query = new URLSearchParams({ page: String(page), limit: String(AFFILIATE_OVERVIEW_PAGE_SIZE) });
  return api.get<AffiliateOverview>(`/affiliates/admin/affiliates?${query}`);
}

/** Every member with a referral link, highest earners first, with the programme's totals. */
export function useAffiliateOverview(page: number) {
  return useQuery({
    queryKey: [...adminAffiliateKey, 'overview', page],
    queryFn: () => getAffiliateOverview(page),
    placeholderData: keepPreviousData,
  });
}
