import type { PublicSeller, SellerProfileUpdate } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

const ownPageKey = (id: string) => ['sellers', 'detail', id] as const;

/** The seller's own public page as visitors see it; null while it has none to show (404). */
export function useOwnSellerPage(id: string) {
  return useQuery({
    queryKey: ownPageKey(id),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PublicSeller>(`/sellers/${encodeURIComponent(id)}`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export function useUpdateSellerProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: SellerProfileUpdate) => api.put<{ message: string }>('/seller/profile', profile),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownPageKey(id) }),
  });
}
