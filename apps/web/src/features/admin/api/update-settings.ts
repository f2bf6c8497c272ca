import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { publicSettingsQueryKey } from '@/lib/settings/public-settings';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';
import type { SiteSettings } from './get-settings';

/** The server's rules for PUT /admin/settings. */
export const settingsSchema = z.object({
  site_name: z.string().trim().min(2, 'Site name must be at least 2 characters').max(80, 'Site name is too long'),
  admin_email: z.string().trim().email('Please enter a valid email address'),
  maintenance_mode: z.boolean(),
  maintenance_message: z
    .string()
    .trim()
    .min(5, 'Maintenance message must be at least 5 characters')
    .max(500, 'Maintenance message is too long'),
});
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
      queryClient.setQueryData(publicSettingsQueryKey, settings);
    },
  });
}
