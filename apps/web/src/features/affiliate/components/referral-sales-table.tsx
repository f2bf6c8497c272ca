import type { AffiliateSaleStatus } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { useAffiliateSales } from '../api/get-affiliate-sales';

const STATUS_TONE: Record<AffiliateSaleStatus, BadgeTone> = { pending: 'warning', available: 'success', refunded: 'danger' };

/** Sales the member referred: when, how much, their commission and where it stands. No buyer details. */
export function ReferralSalesTable({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sales = useAffiliateSales(userId, page);
  const { items: list, pages } = usePagedList(sales, 'sales');
  return (
    <section aria-labelledby="referral-sales-heading" className="space-y-3">
      <h2 id="referral-sales-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('affiliate.sales.title')}
      </h2>
      <DataTable
        label={t('affiliate.sales.title')}
        loading={sales.isPending}
        error={sales.isError ? errorMessage(sales.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('affiliate.sales.empty') : null}
      >
        <thead>
          <tr>
            <Th>{t('affiliate.sales.date')}</Th>
            <Th className="text-right">{t('affiliate.sales.amount')}</Th>
            <Th className="text-right">{t('affiliate.sales.commission')}</Th>
            <Th>{t('affiliate.sales.status')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((sale) => (
            <tr key={sale.reference}>
              <Td className="whitespace-nowrap">{formatDate(sale.date)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(sale.amount)}</Td>
              <Td className="text-right font-medium whitespace-nowrap tabular-nums">{formatMoney(sale.commission)}</Td>
              <Td className="whitespace-nowrap">
                <Badge tone={STATUS_TONE[sale.status]}>{t(`affiliate.sales.statuses.${sale.status}`)}</Badge>
                {sale.status === 'pending' && (
                  <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                    {t('affiliate.sales.availableOn', { date: formatDate(sale.available_on) })}
                  </span>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {pages > 1 && <Pagination page={page} pages={pages} onPageChange={setPage} label={t('affiliate.sales.title')} />}
    </section>
  );
}
