import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { type NotificationList, notificationsQueryKey } from './get-notifications';

/** PUT /notifications/{id}/read answers with the updated list. */
export function markNotificationRead(id: string): Promise<NotificationList> {
  return api.put<NotificationList>(`/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? 'anonymous';
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryKey(userId), list),
  });
}
