import type { PromoCodeUpdate, PromoCodeView } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promoCodesKey } from './get-promo-codes';

/** PUT /admin/promo-codes/{id}: any rule except the code itself. */
export function updatePromoCode({
  id,
  ...body
}: PromoCodeUpdate & { id: string }): Promise<{ message: string; promo_code: PromoCodeView }> {
  return api.put(`/admin/promo-codes/${encodeURIComponent(id)}`, body);
}

export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
