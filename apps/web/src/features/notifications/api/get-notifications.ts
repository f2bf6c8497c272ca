import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** An in-app path to open (for example /seller), or null. */
  link: string | null;
  read: boolean;
  timestamp: string;
}

export interface NotificationList {
  notifications: AppNotification[];
  unread: number;
}

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
