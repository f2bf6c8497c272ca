import { ORDER_STATUSES, type OrderStatus } from '@app/shared';

/** The orders page's filters live in the URL (?status=&from=&to=&page=), so they survive reloads and can be shared. */
export interface OrderUrlFilters {
  status?: OrderStatus;
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readOrderFilters(params: URLSearchParams): OrderUrlFilters {
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  return {
    status: ORDER_STATUSES.find((known) => known === status),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The search params for a set of filters; empty ones and page 1 are left out. */
export function writeOrderFilters(filters: OrderUrlFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
