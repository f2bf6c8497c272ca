import { PAYOUT_STATUSES, type PayoutView } from '@app/shared';
import { ArrowLeftRight, Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePagedList } from '@/lib/use-paged-list';
import { type TransferFilters, useReverseTransfer, useTransfers, useTriggerTransfer } from '../api/transfers';
import { PayoutStatusBadge } from '../components/payout-status-badge';

const EMPTY: TransferFilters = { status: '', seller_id: '', start_date: '', end_date: '', page: 1 };

/** /admin/payments/transfers: every payout to sellers, a payout run on demand, and reversals. */
export function AdminTransfersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TransferFilters>(EMPTY);
  const [draft, setDraft] = useState<TransferFilters>(EMPTY);
  const [paymentId, setPaymentId] = useState('');
  const [reversing, setReversing] = useState<PayoutView | null>(null);
  const transfers = useTransfers(filters);
  const trigger = useTriggerTransfer();
  const reverse = useReverseTransfer();
  const { items: list, pages } = usePagedList(transfers, 'transfers');
  const failed = (error: unknown) =>
    notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  };

  const run = (event: FormEvent) => {
    event.preventDefault();
    const body = paymentId.trim() ? { payment_id: paymentId.trim() } : {};
    trigger.mutate(body, {
      onSuccess: (result) => {
        const paid = result.results.filter((r) => r.status === 'paid').length;
        notify.success(t('payouts.admin.runDone', { paid, total: result.results.length }));
        const held = result.results.filter((r) => r.status === 'skipped' && r.reason === 'seller_suspended').length;
        if (held > 0) notify.warning(t('payouts.admin.heldSuspended', { count: held }));
        setPaymentId('');
      },
      onError: failed,
    });
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={ArrowLeftRight}
        title={t('payouts.admin.transfersTitle')}
        description={t('payouts.admin.transfersDescription')}
      />
      <form onSubmit={run} className="flex flex-wrap items-end gap-3" aria-label={t('payouts.admin.runLabel')}>
        <TextField
          label={t('payouts.admin.paymentId')}
          hint={t('payouts.admin.paymentIdHint')}
          value={paymentId}
          maxLength={200}
          onChange={(event) => setPaymentId(event.target.value)}
          fieldClassName="min-w-0 flex-1 sm:min-w-72"
        />
        <Button type="submit" disabled={trigger.isPending}>
          <Play className="size-4" aria-hidden />
          {paymentId.trim() ? t('payouts.admin.payPayment') : t('payouts.admin.runNow')}
        </Button>
      </form>
      <form onSubmit={onFilter} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label={t('payouts.admin.filters')}>
        <Field label={t('payouts.columns.status')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={draft.status}
              onChange={(event) => setDraft({ ...draft, status: event.target.value as TransferFilters['status'] })}
            >
              <option value="">{t('payouts.admin.allStatuses')}</option>
              {PAYOUT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`payouts.status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('payouts.admin.sellerId')}
          value={draft.seller_id}
          maxLength={36}
          onChange={(event) => setDraft({ ...draft, seller_id: event.target.value })}
        />
        <TextField
          label={t('payouts.admin.from')}
          type="date"
          value={draft.start_date}
          onChange={(event) => setDraft({ ...draft, start_date: event.target.value })}
        />
        <TextField
          label={t('payouts.admin.to')}
          type="date"
          value={draft.end_date}
          onChange={(event) => setDraft({ ...draft, end_date: event.target.value })}
        />
        <div className="flex items-end">
          <Button type="submit" variant="outline" className="w-full">
            {t('payouts.admin.applyFilters')}
          </Button>
        </div>
      </form>
      <DataTable
        label={t('payouts.admin.transfersTitle')}
        loading={transfers.isPending}
        error={transfers.isError ? errorMessage(transfers.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('payouts.admin.noTransfers') : null}
        minWidth="52rem"
      >
        <thead>
          <tr>
            <Th>{t('payouts.columns.date')}</Th>
            <Th>{t('payouts.columns.seller')}</Th>
            <Th className="text-right">{t('payouts.columns.amount')}</Th>
            <Th>{t('payouts.columns.status')}</Th>
            <Th>{t('payouts.columns.account')}</Th>
            <Th>{t('payouts.columns.transfer')}</Th>
            <Th className="text-right">{t('payouts.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((payout) => (
            <tr key={payout.id}>
              <Td className="whitespace-nowrap">{formatDate(payout.created_at)}</Td>
              <Td>
                <p className="font-medium text-slate-900 dark:text-white">{payout.seller_name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{payout.seller_email}</p>
              </Td>
              <Td className="text-right font-medium whitespace-nowrap">{formatMoney(payout.amount)}</Td>
              <Td>
                <PayoutStatusBadge status={payout.status} />
                {payout.failure_reason && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{payout.failure_reason}</p>}
              </Td>
              <Td className="font-mono whitespace-nowrap">{payout.account ?? '—'}</Td>
              <Td className="max-w-40 font-mono text-xs break-all">{payout.provider_transfer_id ?? '—'}</Td>
              <Td className="text-right">
                {payout.status === 'paid' && (
                  <Button variant="ghost" size="sm" onClick={() => setReversing(payout)}>
                    {t('payouts.admin.reverse')}
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {pages > 1 && (
        <Pagination
          page={filters.page}
          pages={pages}
          onPageChange={(page) => setFilters({ ...filters, page })}
          label={t('payouts.admin.transfersTitle')}
        />
      )}
      <ConfirmDialog
        open={reversing !== null}
        title={t('payouts.admin.reverseTitle')}
        description={
          reversing
            ? t('payouts.admin.reverseDescription', { amount: formatMoney(reversing.amount), seller: reversing.seller_name })
            : ''
        }
        confirmLabel={t('payouts.admin.reverse')}
        busy={reverse.isPending}
        onCancel={() => setReversing(null)}
        onConfirm={() =>
          reversing &&
          reverse.mutate(reversing.id, {
            onSuccess: () => notify.success(t('payouts.admin.reversed')),
            onError: failed,
            onSettled: () => setReversing(null),
          })
        }
      />
    </div>
  );
}
