import type { TaxRateInput, TaxRateView } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const ratesKey = ['admin', 'tax-rates'] as const;

/** The admin's table of tax rates. */
export function useTaxRates() {
  return useQuery({ queryKey: ratesKey, queryFn: () => api.get<{ rates: TaxRateView[] }>('/admin/tax-rates') });
}

/** Adds a rate (no id) or changes one; the table is read again afterwards. */
export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: TaxRateInput & { id?: string }) =>
      id ? api.put<TaxRateView>(`/admin/tax-rates/${id}`, input) : api.post<TaxRateView>('/admin/tax-rates', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesKey }),
  });
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/admin/tax-rates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesKey }),
  });
}
