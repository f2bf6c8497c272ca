import type { NewsletterStatus } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SubscriptionReply {
  status: NewsletterStatus;
  detail?: string;
  email?: string;
}

export function subscribe(email: string): Promise<SubscriptionReply> {
  return api.post<SubscriptionReply>('/newsletter/subscribe', { email });
}

export function confirmSubscription(token: string): Promise<SubscriptionReply> {
  return api.post<SubscriptionReply>('/newsletter/confirm', { token });
}

export function unsubscribe(token: string): Promise<SubscriptionReply> {
  return api.post<SubscriptionReply>('/newsletter/unsubscribe', { token });
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
