import type { AffiliateSaleList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberAffiliateKey } from './affiliate-query-key';

export const AFFILIATE_SALES_PAGE_SIZE = 20;

export function getAffiliateSales(page: number): Promise<AffiliateSaleList> {
  const query = new URLSearchParams({ page: String(page), limit: String(AFFILIATE_SALES_PAGE_SIZE) });
  return api.get<AffiliateSaleList>(`/affiliates/me/sales?${query}`);
}

/** Sales the member referred, newest first (no buyer details). */
export function useAffiliateSales(userId: string, page: number) {
  return useQuery({
    queryKey: [...memberAffiliateKey(userId), 'sales', page],
    queryFn: () => getAffiliateSales(page),
    placeholderData: keepPreviousData,
  });
}
