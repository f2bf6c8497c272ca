import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const AUDIENCES = ['all', 'buyer', 'seller', 'admin', 'simple_admin'] as const;

/** The server's announcement rules. */
export const announcementSchema = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(120, 'Title must be at most 120 characters'),
  message: z.string().trim().min(5, 'Message must be at least 5 characters').max(2000, 'Message must be at most 2000 characters'),
  type: z.enum(NOTIFICATION_TYPES),
  audience: z.enum(AUDIENCES),
});
export type Announcement = z.output<typeof announcementSchema>;

/** POST /admin/notifications: one in-app notification per active user of the audience. */
export function sendNotification(body: Announcement): Promise<{ message: string; sent: number }> {
  return api.post<{ message: string; sent: number }>('/admin/notifications', body);
}

export function useSendNotification() {
  return useMutation({ mutationFn: sendNotification });
}
