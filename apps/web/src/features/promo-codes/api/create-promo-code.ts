import type { PromoCodeInput, PromoCodeView } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promoCodesKey } from './get-promo-codes';

/** POST /admin/promo-codes: the form's parsed values (dates go as ISO text). */
export function createPromoCode(body: PromoCodeInput): Promise<{ message: string; promo_code: PromoCodeView }> {
  return api.post('/admin/promo-codes', body);
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
