import type { ApiToken, ApiTokenCreate } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

const apiTokensQueryKey = ['seller-api-tokens'] as const;

export function getApiTokens(): Promise<{ tokens: ApiToken[] }> {
  return api.get('/seller/api-tokens');
}

/** The seller's API tokens in force (never the tokens themselves). */
export function useApiTokens() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(apiTokensQueryKey, viewerId), queryFn: getApiTokens });
}

export function createApiToken(input: ApiTokenCreate): Promise<{ token: string; api_token: ApiToken }> {
  return api.post('/seller/api-tokens', input);
}

/** Creates a token; the answer carries the whole token, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function revokeApiToken(id: string): Promise<{ message: string }> {
  return api.delete(`/seller/api-tokens/${id}`);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
