import { MAINTENANCE_POLL_MS, type PublicSettings } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { initialAnswer } from '@/lib/initial-answers';

/** GET /settings/public: the site name, the maintenance switch, contact details and the order split. */
export type { PublicSettings };

export const publicSettingsQueryKey = ['settings', 'public'] as const;

export function getPublicSettings(): Promise<PublicSettings> {
  return api.get<PublicSettings>('/settings/public');
}

/** Read on start and every 30 s (spec §4 Maintenance mode), so switching it on reaches open tabs. */
export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsQueryKey,
    queryFn: getPublicSettings,
    initialData: () => initialAnswer<PublicSettings>('/settings/public'),
    refetchInterval: MAINTENANCE_POLL_MS,
    staleTime: MAINTENANCE_POLL_MS,
    retry: false,
  });
}

/** The site name an admin chose, else the built-in brand. */
export function useSiteName(): string {
  const { t } = useTranslation();
  return usePublicSettings().data?.site_name?.trim() || t('brand.full');
}
