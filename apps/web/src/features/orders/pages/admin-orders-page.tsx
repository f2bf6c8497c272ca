import type { OrderStatus } from '@app/shared';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListSearch } from '@/components/list-toolbar';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useListFilters } from '@/lib/use-list-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { type AdminOrderFilters, type RefundFilter, useAdminOrders } from '../api/get-admin-orders';
import { OrderStatusOptions } from '../components/order-filters';
import { RefundPanel } from '../components/refund-panel';

const PAGE_SIZE = 20;
const REFUND_FILTERS: Exclude<RefundFilter, ''>[] = ['requested', 'approved', 'denied'];
const refundTones: Record<string, BadgeTone> = { requested: 'warning', approved: 'success', denied: 'neutral' };

/** /admin/orders: every order, filtered by status, refund, text and dates; refund requests are decided here. */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const initialRefund = params.get('refund');
  const { filters, change, setPage } = useListFilters<AdminOrderFilters>({
    status: '',
    refund: (REFUND_FILTERS as string[]).includes(initialRefund ?? '') ? (initialRefund as RefundFilter) : '',
    search: '',
    from: '',
    to: '',
    page: 1,
    limit: PAGE_SIZE,
  });
  const [reviewing, setReviewing] = useState<string | null>(null);
  const orders = useAdminOrders(filters);
  const { items: list, pages } = usePagedList(orders, 'orders');

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={ShoppingBag} title={t('admin.orders.title')} description={t('admin.orders.description')} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <ListSearch
          label={t('admin.orders.search')}
          placeholder={t('admin.orders.searchPlaceholder')}
          onSearch={(search) => change({ search })}
          className="sm:col-span-2 lg:col-span-5"
        />
        <Field label={t('admin.orders.status')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={filters.status}
              onChange={(event) => change({ status: event.target.value as OrderStatus | '' })}
            >
              <OrderStatusOptions allLabel={t('admin.orders.allStatuses')} />
            </select>
          )}
        </Field>
        <Field label={t('admin.orders.refundFilter')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={filters.refund}
              onChange={(event) => change({ refund: event.target.value as RefundFilter })}
            >
              <option value="">{t('admin.orders.anyRefund')}</option>
              {REFUND_FILTERS.map((refund) => (
                <option key={refund} value={refund}>
                  {t(`admin.orders.refundStatus.${refund}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('admin.orders.from')}>
          {(control) => (
            <Input {...control} type="date" value={filters.from} onChange={(event) => change({ from: event.target.value })} />
          )}
        </Field>
        <Field label={t('admin.orders.to')}>
          {(control) => (
            <Input {...control} type="date" value={filters.to} onChange={(event) => change({ to: event.target.value })} />
          )}
        </Field>
      </div>
      <DataTable
        label={t('admin.orders.title')}
        loading={orders.isPending}
        error={orders.isError ? errorMessage(orders.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('admin.orders.empty') : null}
        minWidth="56rem"
      >
        <thead>
          <tr>
            <Th>{t('admin.orders.columns.order')}</Th>
            <Th>{t('admin.orders.columns.customer')}</Th>
            <Th>{t('admin.orders.columns.items')}</Th>
            <Th>{t('admin.orders.columns.total')}</Th>
            <Th>{t('admin.orders.columns.status')}</Th>
            <Th>{t('admin.orders.columns.refund')}</Th>
            <Th className="text-right">{t('admin.orders.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((order) => (
            <tr key={order.id}>
              <Td>
                <p className="font-medium text-slate-900 dark:text-white">{order.order_number}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{formatDate(order.created_at)}</p>
              </Td>
              <Td className="text-slate-700 dark:text-slate-300">{order.customer_email || '—'}</Td>
              <Td className="max-w-64 text-slate-700 dark:text-slate-300">
                {order.items.map((item) => item.product_name).join(', ') || order.product_name}
              </Td>
              <Td className="tabular-nums">{formatMoney(order.total_amount)}</Td>
              <Td>
                <OrderStatusBadge status={order.status} />
              </Td>
              <Td>
                {order.refund ? (
                  <Badge tone={refundTones[order.refund.status] ?? 'neutral'}>
                    {t(`admin.orders.refundStatus.${order.refund.status}`)}
                  </Badge>
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </Td>
              <Td className="text-right">
                {order.refund && (
                  <Button
                    size="sm"
                    variant={order.refund.status === 'requested' ? 'primary' : 'outline'}
                    onClick={() => setReviewing(order.id)}
                    aria-label={t('admin.orders.reviewLabel', { number: order.order_number })}
                  >
                    {order.refund.status === 'requested' ? t('admin.orders.review') : t('admin.orders.view')}
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination page={filters.page} pages={pages} onPageChange={setPage} label={t('admin.orders.pagination')} />
      <RefundPanel orderId={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
