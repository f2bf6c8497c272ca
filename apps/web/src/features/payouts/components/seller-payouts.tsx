import { ArrowDownToLine, Banknote, CirclePause, Clock, Landmark, Send, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatCardGrid } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePagedList } from '@/lib/use-paged-list';
import { useSellerBalance } from '../api/get-seller-balance';
import { useSellerPayouts } from '../api/get-seller-payouts';
import { downloadStatementCsv, useStatement } from '../api/get-statement';
import { useDeletePayoutAccount, usePayoutAccount, useSavePayoutAccount } from '../api/payout-account';
import { PayoutAccountManager } from './payout-account-manager';
import { PayoutStatusBadge } from './payout-status-badge';

/** The seller dashboard's Payouts section: balance, payout account, payout history and statement. */
export function SellerPayouts() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="payouts-heading" id="payouts" className="space-y-6">
      <div>
        <h2 id="payouts-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('payouts.title')}
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('payouts.subtitle')}</p>
      </div>
      <BalanceCards />
      <PayoutAccountCard />
      <PayoutHistory />
      <Statement />
    </section>
  );
}

function BalanceCards() {
  const { t } = useTranslation();
  const balance = useSellerBalance();
  const show = (value: number | undefined) => (value === undefined ? '…' : formatMoney(value));
  const data = balance.data;
  return (
    <div className="space-y-2">
      <StatCardGrid
        label={t('payouts.balance.label')}
        columns="sm:grid-cols-2 lg:grid-cols-4"
        stats={[
          { icon: Clock, tone: 'amber', label: t('payouts.balance.pending'), value: show(data?.pending) },
          {
            icon: Wallet,
            tone: data && data.available < 0 ? 'red' : 'emerald',
            label: t('payouts.balance.available'),
            value: show(data?.available),
          },
          { icon: Send, tone: 'indigo', label: t('payouts.balance.inTransit'), value: show(data?.in_transit) },
          { icon: Banknote, tone: 'violet', label: t('payouts.balance.paidOut'), value: show(data?.paid_out) },
          ...(data && data.held !== 0
            ? [{ icon: CirclePause, tone: 'red' as const, label: t('payouts.balance.held'), value: formatMoney(data.held) }]
            : []),
        ]}
      />
      {data && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('payouts.balance.rules', { days: data.hold_days, minimum: formatMoney(data.minimum_payout) })}
          {data.next_release_at && ` ${t('payouts.balance.nextRelease', { date: formatDate(data.next_release_at) })}`}
        </p>
      )}
      {data && data.held !== 0 && <Alert tone="info">{t('payouts.balance.heldNote')}</Alert>}
      {data && data.available < 0 && <Alert tone="error">{t('payouts.balance.negative')}</Alert>}
    </div>
  );
}

function PayoutAccountCard() {
  const { t } = useTranslation();
  const account = usePayoutAccount();
  const save = useSavePayoutAccount();
  const remove = useDeletePayoutAccount();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5" aria-hidden />
          {t('payouts.account.title')}
        </CardTitle>
        <CardDescription>{t('payouts.account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <PayoutAccountManager account={account} save={save} remove={remove} />
      </CardContent>
    </Card>
  );
}

function PayoutHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSellerPayouts(page);
  const { items: list, pages } = usePagedList(history, 'payouts');
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t('payouts.history.title')}</h3>
      <DataTable
        label={t('payouts.history.title')}
        loading={history.isPending}
        error={history.isError ? errorMessage(history.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('payouts.history.empty') : null}
      >
        <thead>
          <tr>
            <Th>{t('payouts.columns.date')}</Th>
            <Th>{t('payouts.columns.amount')}</Th>
            <Th>{t('payouts.columns.status')}</Th>
            <Th>{t('payouts.columns.account')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((payout) => (
            <tr key={payout.id}>
              <Td className="whitespace-nowrap">{formatDate(payout.created_at)}</Td>
              <Td className="whitespace-nowrap font-medium">{formatMoney(payout.amount)}</Td>
              <Td>
                <PayoutStatusBadge status={payout.status} />
                {payout.failure_reason && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{payout.failure_reason}</p>}
              </Td>
              <Td className="font-mono whitespace-nowrap">{payout.account ?? '—'}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {pages > 1 && <Pagination page={page} pages={pages} onPageChange={setPage} label={t('payouts.history.title')} />}
    </div>
  );
}

function Statement() {
  const { t } = useTranslation();
  const statement = useStatement();
  const [downloading, setDownloading] = useState(false);
  const lines = statement.data?.lines ?? [];
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementCsv();
    } catch (error) {
      notify.error(t('payouts.statement.downloadFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t('payouts.statement.title')}</h3>
        <Button variant="outline" size="sm" onClick={download} disabled={downloading}>
          <ArrowDownToLine className="size-4" aria-hidden />
          {t('payouts.statement.csv')}
        </Button>
      </div>
      <DataTable
        label={t('payouts.statement.title')}
        loading={statement.isPending}
        error={statement.isError ? errorMessage(statement.error, t('common.operationFailed')) : null}
        empty={lines.length === 0 ? t('payouts.statement.empty') : null}
        minWidth="40rem"
      >
        <thead>
          <tr>
            <Th>{t('payouts.columns.date')}</Th>
            <Th>{t('payouts.columns.type')}</Th>
            <Th>{t('payouts.columns.description')}</Th>
            <Th className="text-right">{t('payouts.columns.amount')}</Th>
            <Th>{t('payouts.columns.status')}</Th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.type}-${line.reference}-${line.date}`}>
              <Td className="whitespace-nowrap">{formatDate(line.date)}</Td>
              <Td>{t(`payouts.lineTypes.${line.type}`)}</Td>
              <Td>
                <p>{line.description}</p>
                <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{line.reference}</p>
              </Td>
              <Td className="text-right font-medium whitespace-nowrap">{formatMoney(line.amount)}</Td>
              <Td className="whitespace-nowrap">
                {line.status === 'pending' && line.available_on
                  ? t('payouts.statement.heldUntil', { date: formatDate(line.available_on) })
                  : t(`payouts.lineStatus.${line.status}`, { defaultValue: line.status })}
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
