import type { TaxQuote } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the buyer is billed: an ISO country code and, for the United States, a state (or ''). */
export interface BillingChoice {
  country: string;
  region: string;
}

/** The rate a checkout for this place would charge now (the server charges it again, from its own table). */
export function getTaxQuote(billing: BillingChoice): Promise<TaxQuote> {
  const query = new URLSearchParams({ country: billing.country });
  if (billing.country === 'US' && billing.region) query.set('region', billing.region);
  return api.get<TaxQuote>(`/tax/rate?${query.toString()}`);
}

export function useTaxQuote(billing: BillingChoice) {
  return useQuery({
    queryKey: ['tax', 'quote', billing.country, billing.country === 'US' ? billing.region : ''],
    queryFn: () => getTaxQuote(billing),
    enabled: billing.country !== '',
    placeholderData: keepPreviousData,
  });
}
