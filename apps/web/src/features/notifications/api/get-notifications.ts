import type { NotificationView, notificationListSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

export type { NotificationType } from '@app/shared';

/** One notification; `link` is an in-app path to open (for example /seller), or null. */
export type AppNotification = NotificationView;
export type NotificationList = z.output<typeof notificationListSchema>;

/** New notifications (an approval, an announcement) show up within a minute. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsQueryKey = (userId: string) => ['notifications', userId] as const;

export function getNotifications(): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications');
}

/** The signed-in user's latest notifications and unread count; visitors make no call. */
export function useNotifications() {
  const auth = useAuth();
  return useQuery({
    queryKey: notificationsQueryKey(auth.user?.id ?? 'anonymous'),
    queryFn: getNotifications,
    enabled: auth.status === 'authenticated',
    refetchInterval: NOTIFICATIONS_POLL_MS,
    retry: false,
  });
}
