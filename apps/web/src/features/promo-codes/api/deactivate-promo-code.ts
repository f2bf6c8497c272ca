import type { PromoCodeView } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promoCodesKey } from './get-promo-codes';

/** POST /admin/promo-codes/{id}/deactivate: carts drop the code; orders that used it keep it. */
export function deactivatePromoCode(id: string): Promise<{ message: string; promo_code: PromoCodeView }> {
  return api.post(`/admin/promo-codes/${encodeURIComponent(id)}/deactivate`);
}

export function useDeactivatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
