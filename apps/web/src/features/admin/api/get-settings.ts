import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicSettings } from '@/lib/settings/public-settings';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export type SiteSettings = PublicSettings;

export function getSettings(): Promise<SiteSettings> {
  return api.get<SiteSettings>('/admin/settings');
}

export function useSettings() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(adminQueryKey, viewerId, 'settings'), queryFn: getSettings });
}
