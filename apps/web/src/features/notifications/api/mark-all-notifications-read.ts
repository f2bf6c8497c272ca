import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { type NotificationList, notificationsQueryKey } from './get-notifications';

/** PUT /notifications/read-all answers with the updated list. */
export function markAllNotificationsRead(): Promise<NotificationList> {
  return api.put<NotificationList>('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryKey(userId), list),
  });
}
