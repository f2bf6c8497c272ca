import type { ChatLeadList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getLeads(page: number, limit: number): Promise<ChatLeadList> {
  return api.get<ChatLeadList>(`/admin/chatbot/leads?${new URLSearchParams({ page: String(page), limit: String(limit) })}`);
}

/** The custom-chatbot enquiries the assistant collected, newest first. */
export function useLeads(page: number, limit: number) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(['admin', 'chatbot-leads'], viewerId, page, limit),
    queryFn: () => getLeads(page, limit),
    placeholderData: keepPreviousData,
  });
}
