import type { ContactMessage } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactInboxQueryKey } from './get-contact-messages';

/** PUT /admin/contact-messages/{id}: handled, or open again. */
export function markContactMessage({ id, handled }: { id: string; handled: boolean }): Promise<ContactMessage> {
  return api.put<ContactMessage>(`/admin/contact-messages/${encodeURIComponent(id)}`, { handled });
}

export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactInboxQueryKey }),
  });
}
