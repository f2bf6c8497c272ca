import type { ContactReceipt, ContactRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /contact: stored for the admins and e-mailed to the site's admin address. */
export function sendContactMessage(body: ContactRequest): Promise<ContactReceipt> {
  return api.post<ContactReceipt>('/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
