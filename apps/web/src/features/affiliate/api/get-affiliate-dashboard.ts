import type { AffiliateDashboard } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberAffiliateKey } from './affiliate-query-key';

export function getAffiliateDashboard(): Promise<AffiliateDashboard> {
  return api.get<AffiliateDashboard>('/affiliates/me');
}

/** The signed-in member's referral link (created on first visit), figures and payout balance. */
export function useAffiliateDashboard(userId: string) {
  return useQuery({ queryKey: [...memberAffiliateKey(userId), 'dashboard'], queryFn: getAffiliateDashboard });
}
