import { type OrderStats, type OrderView, REFUND_WINDOW_DAYS } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { userQueryKey, useViewerId } from './user-query-key';

/** The buyer's orders (GET /orders), shared by the orders page and the dashboard. */
export const ordersQueryKey = ['orders'] as const;

export function isPaid(order: Pick<OrderView, 'payment_status'>): boolean {
  return order.payment_status === 'paid';
}

/** A refund can be asked for once, within 30 days of payment (legal text, spec §9). */
export function canRequestRefund(order: Pick<OrderView, 'payment_status' | 'paid_at' | 'refund'>, now = Date.now()): boolean {
  if (!isPaid(order) || order.refund || !order.paid_at) return false;
  return now - new Date(order.paid_at).getTime() <= REFUND_WINDOW_DAYS * 86_400_000;
}

export function getOrderStats(): Promise<OrderStats> {
  return api.get<OrderStats>('/orders/stats');
}

export function useOrderStats() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(ordersQueryKey, viewerId, 'stats'), queryFn: getOrderStats });
}
