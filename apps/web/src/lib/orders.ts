import { REFUND_WINDOW_DAYS } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { userQueryKey, useViewerId } from './user-query-key';

/** Order shapes of GET /orders, shared by the orders page and the dashboard. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'payment_completed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderItem {
  product_id: string;
  product_name: string;
  quantity: number;
  price: number;
}

export interface Order {
  id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: string;
  items: OrderItem[];
  product_name: string;
  subtotal: number;
  discount: number;
  total_amount: number;
  ai_pool_contribution: number;
  promo_code: string | null;
  created_at: string;
  paid_at: string | null;
  refund: { status: string; reason: string; requested_at: string } | null;
}

export interface OrderList {
  orders: Order[];
  total: number;
  page: number;
  pages: number;
}

export interface OrderStats {
  total_orders: number;
  completed_orders: number;
  /** Pending and processing together: the spec's "active" orders. */
  processing_orders: number;
  total_spent: number;
}

export const ordersQueryKey = ['orders'] as const;

export function isPaid(order: Pick<Order, 'payment_status'>): boolean {
  return order.payment_status === 'paid';
}

/** A refund can be asked for once, within 30 days of payment (legal text, spec §9). */
export function canRequestRefund(order: Pick<Order, 'payment_status' | 'paid_at' | 'refund'>, now = Date.now()): boolean {
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
