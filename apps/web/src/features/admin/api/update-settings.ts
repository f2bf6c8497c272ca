import { siteSettingsSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { publicSettingsQueryKey } from '@/lib/settings/public-settings';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';
import type { SiteSettings } from './get-settings';

/** The server's rules for PUT /admin/settings (one schema for both). */
export const settingsSchema = siteSettingsSchema;
export type SettingsForm = z.input<typeof settingsSchema>;

export function updateSettings(body: Partial<SiteSettings>): Promise<SiteSettings> {
  return api.put<SiteSettings>('/admin/settings', body);
}

/** Saves and puts the answer straight into the public settings, so the site name and maintenance switch apply at once. */
export function useUpdateSettings() {
  const viewerId = useViewerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(userQueryKey(adminQueryKey, viewerId, 'settings'), settings);
      const { admin_email: _private, ...shown } = settings;
      queryClient.setQueryData(publicSettingsQueryKey, shown);
    },
  });
}
