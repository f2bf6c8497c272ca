import type { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint, WebhookEndpointCreate } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

const webhooksQueryKey = ['seller-webhooks'] as const;

export function getWebhookEndpoints(): Promise<{ endpoints: WebhookEndpoint[] }> {
  return api.get('/seller/webhooks');
}

export function useWebhookEndpoints() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(webhooksQueryKey, viewerId), queryFn: getWebhookEndpoints });
}

export function createWebhookEndpoint(input: WebhookEndpointCreate): Promise<{ secret: string; endpoint: WebhookEndpoint }> {
  return api.post('/seller/webhooks', input);
}

/** Adds an endpoint; the answer carries its signing secret, shown once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function removeWebhookEndpoint(id: string): Promise<{ message: string }> {
  return api.delete(`/seller/webhooks/${id}`);
}

export function useRemoveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function getWebhookDeliveries(id: string): Promise<{ deliveries: WebhookDelivery[] }> {
  return api.get(`/seller/webhooks/${id}/deliveries`);
}

/** An endpoint's delivery log, newest first (loaded when the seller opens it). */
export function useWebhookDeliveries(id: string) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(webhooksQueryKey, viewerId, 'deliveries', id),
    queryFn: () => getWebhookDeliveries(id),
  });
}

export function getWebhookDeliveryAttempts(id: string, deliveryId: string): Promise<{ attempts: WebhookDeliveryAttempt[] }> {
  return api.get(`/seller/webhooks/${id}/deliveries/${deliveryId}/attempts`);
}

/** Every attempt of one delivery, newest first (loaded when the seller expands it). */
export function useWebhookDeliveryAttempts(id: string, deliveryId: string) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(webhooksQueryKey, viewerId, 'deliveries', id, 'attempts', deliveryId),
    queryFn: () => getWebhookDeliveryAttempts(id, deliveryId),
  });
}

export function sendTestWebhook(id: string): Promise<{ message: string }> {
  return api.post(`/seller/webhooks/${id}/test`);
}

/** Sends a test event; the log is read again a moment later, once it has been attempted. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: () => {
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey }), 1500);
    },
  });
}
