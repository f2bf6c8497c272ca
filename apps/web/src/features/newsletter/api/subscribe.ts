import type { NewsletterState } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function subscribe(email: string): Promise<NewsletterState> {
  return api.post<NewsletterState>('/newsletter/subscribe', { email });
}

export function confirmSubscription(token: string): Promise<NewsletterState> {
  return api.post<NewsletterState>('/newsletter/confirm', { token });
}

export function unsubscribe(token: string): Promise<NewsletterState> {
  return api.post<NewsletterState>('/newsletter/unsubscribe', { token });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}

export function useConfirmSubscription() {
  return useMutation({ mutationFn: confirmSubscription });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
