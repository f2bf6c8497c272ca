import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useEndSession } from '@/lib/use-end-session';

export function deleteAccount(): Promise<void> {
  return api.delete<void>('/users/me');
}

/** Deletes the account, then signs out and returns to / (spec §4). */
export function useDeleteAccount() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: async () => {
      await deleteAccount();
      await endSession('/');
    },
    // Here rather than in the caller: the page that asked has gone by the time this runs.
    onSuccess: () => notify.success(i18n.t('profile.delete.doneTitle'), i18n.t('profile.delete.doneMessage')),
  });
}
