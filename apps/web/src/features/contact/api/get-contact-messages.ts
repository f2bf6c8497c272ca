import type { ContactMessageList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type InboxFilter = 'open' | 'handled' | 'all';

export const contactInboxQueryKey = ['admin', 'contact-messages'] as const;

export function getContactMessages(status: InboxFilter, page: number, limit: number): Promise<ContactMessageList> {
  const query = new URLSearchParams({ status, page: String(page), limit: String(limit) });
  return api.get<ContactMessageList>(`/admin/contact-messages?${query}`);
}

/** The contact-form inbox, newest first. */
export function useContactMessages(status: InboxFilter, page: number, limit: number) {
  return useQuery({
    queryKey: [...contactInboxQueryKey, status, page, limit],
    queryFn: () => getContactMessages(status, page, limit),
    placeholderData: keepPreviousData,
  });
}
