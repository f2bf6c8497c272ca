import type { NewsletterStatus, NewsletterSubscriberList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export interface SubscriberFilter {
  status: NewsletterStatus | '';
  q: string;
  page: number;
}

export const SUBSCRIBERS_PAGE_SIZE = 25;

function filterParams(filter: Partial<SubscriberFilter>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  return params;
}

export function getSubscribers(filter: SubscriberFilter): Promise<NewsletterSubscriberList> {
  const params = filterParams(filter);
  params.set('page', String(filter.page));
  params.set('limit', String(SUBSCRIBERS_PAGE_SIZE));
  return api.get<NewsletterSubscriberList>(`/admin/newsletter/subscribers?${params}`);
}

export function useSubscribers(filter: SubscriberFilter) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(['admin', 'newsletter'], viewerId, filter),
    queryFn: () => getSubscribers(filter),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export as a file (sent with the admin's token, so it cannot be a plain link). */
export function exportSubscribers(status: NewsletterStatus | ''): Promise<Blob> {
  const params = filterParams({ status });
  return api.blob(`/admin/newsletter/subscribers.csv${params.size ? `?${params}` : ''}`);
}
