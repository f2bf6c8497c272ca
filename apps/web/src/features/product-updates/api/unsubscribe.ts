import type { ProductUpdateUnsubscribeState } from '@app/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productUpdatesQueryKey } from './product-updates-query-key';

const path = (token: string) => `/product-updates/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an e-mail's unsubscribe link names; reading it changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: [...productUpdatesQueryKey, 'link', token],
    queryFn: () => api.get<ProductUpdateUnsubscribeState>(path(token)),
    retry: false,
  });
}

/** Mutes the linked product's updates, or all of them; no sign-in needed. */
export function useUnsubscribeByLink() {
  return useMutation({
    mutationFn: ({ token, scope }: { token: string; scope: 'product' | 'all' }) =>
      api.post<ProductUpdateUnsubscribeState>(path(token), { scope }),
  });
}
