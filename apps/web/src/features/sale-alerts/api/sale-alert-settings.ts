import type { SaleAlertSettings } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

const saleAlertsQueryKey = ['sale-alerts'] as const;

export function getSaleAlertSettings(): Promise<SaleAlertSettings> {
  return api.get<SaleAlertSettings>('/seller/sale-alerts');
}

/** Whether the signed-in seller also gets an e-mail for every sale and refund. */
export function useSaleAlertSettings() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(saleAlertsQueryKey, viewerId), queryFn: getSaleAlertSettings });
}

export function updateSaleAlertSettings(emails: boolean): Promise<SaleAlertSettings> {
  return api.put<SaleAlertSettings>('/seller/sale-alerts', { emails });
}

/** Turns the sale e-mails on or off; the answer is the whole new setting. */
export function useUpdateSaleAlertSettings() {
  const queryClient = useQueryClient();
  const viewerId = useViewerId();
  return useMutation({
    mutationFn: updateSaleAlertSettings,
    onSuccess: (settings) => queryClient.setQueryData(userQueryKey(saleAlertsQueryKey, viewerId), settings),
  });
}
