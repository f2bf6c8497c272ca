import type { AdminSettings } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

/** The public settings plus the admin address, which only GET /admin/settings shows. */
export type SiteSettings = AdminSettings;

export function getSettings(): Promise<SiteSettings> {
  return api.get<SiteSettings>('/admin/settings');
}

export function useSettings() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(adminQueryKey, viewerId, 'settings'), queryFn: getSettings });
}
