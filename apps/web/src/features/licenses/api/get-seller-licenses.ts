import type { SellerLicense } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { licensesQueryKey } from './licenses-query-key';

export interface SellerLicenseList {
  licenses: SellerLicense[];
  total: number;
  page: number;
  pages: number;
}

export const SELLER_LICENSES_PAGE_SIZE = 10;

export function getSellerLicenses(page: number): Promise<SellerLicenseList> {
  return api.get<SellerLicenseList>(`/seller/licenses?page=${page}&limit=${SELLER_LICENSES_PAGE_SIZE}`);
}

/** The keys sold for the seller's products, newest sale first. */
export function useSellerLicenses(page: number) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(licensesQueryKey, viewerId, 'seller', page),
    queryFn: () => getSellerLicenses(page),
    placeholderData: keepPreviousData,
  });
}
