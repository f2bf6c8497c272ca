import type { AiTokenSettings, ExchangeRate } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiPoolQueryKey } from './ai-pool-query-key';

export function getTokenSettings(): Promise<AiTokenSettings> {
  return api.get<AiTokenSettings>('/ai-token-payments/ai-token-settings');
}

export function useTokenSettings() {
  return useQuery({ queryKey: [...aiPoolQueryKey, 'settings'], queryFn: getTokenSettings });
}

export function getExchangeRate(from: string, to: string): Promise<ExchangeRate> {
  return api.get<ExchangeRate>(
    `/ai-token-payments/exchange-rate?${new URLSearchParams({ from_currency: from, to_currency: to })}`,
  );
}

/** The rate a transfer would use now. */
export function useExchangeRate(from: string, to: string) {
  return useQuery({ queryKey: [...aiPoolQueryKey, 'rate', from, to], queryFn: () => getExchangeRate(from, to) });
}
