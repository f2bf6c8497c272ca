import type {
  OwnProductList,
  SellerPromoCodeInput,
  SellerPromoCodeList,
  SellerPromoCodeUpdate,
  SellerPromoCodeView,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

const sellerPromoCodesKey = ['seller-promo-codes'] as const;

export function getSellerPromoCodes(page: number): Promise<SellerPromoCodeList> {
  return api.get<SellerPromoCodeList>(`/seller/promo-codes?page=${page}&limit=20`);
}

/** The signed-in seller's discount codes, newest first. */
export function useSellerPromoCodes(page = 1) {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(sellerPromoCodesKey, viewerId, page), queryFn: () => getSellerPromoCodes(page) });
}

/** The seller's products a code may name (the first 100, newest first). */
export function useCodeableProducts() {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(sellerPromoCodesKey, viewerId, 'products'),
    queryFn: () => api.get<OwnProductList>('/seller/products?page=1&limit=100'),
  });
}

type Change = { message: string; promo_code: SellerPromoCodeView };

export function createSellerPromoCode(input: SellerPromoCodeInput): Promise<Change> {
  return api.post<Change>('/seller/promo-codes', input);
}

/** Creates a code; the list is read again. */
export function useCreateSellerPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSellerPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerPromoCodesKey }),
  });
}

export function updateSellerPromoCode({ id, ...changes }: SellerPromoCodeUpdate & { id: string }): Promise<Change> {
  return api.put<Change>(`/seller/promo-codes/${id}`, changes);
}

/** Changes a code's end, limits or products (its code, type and value stay); the list is read again. */
export function useUpdateSellerPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSellerPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerPromoCodesKey }),
  });
}

export function deactivateSellerPromoCode(id: string): Promise<Change> {
  return api.delete<Change>(`/seller/promo-codes/${id}`);
}

/** Switches a code off (it is kept for the orders that used it); the list is read again. */
export function useDeactivateSellerPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSellerPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerPromoCodesKey }),
  });
}
