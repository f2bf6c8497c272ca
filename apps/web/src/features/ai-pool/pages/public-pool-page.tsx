import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { StatCardGrid } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { usePublicPool } from '../api/get-public-pool';

/** /ai-pool: the AI token pool in the open: what 10% of every order added up to, and where it went. */
export function PublicPoolPage() {
  const { t } = useTranslation();
  const pool = usePublicPool();
  const data = pool.data;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('aiPool.public.title')} />
      <header className="space-y-2">
        <h1 className="flex items-center gap-3 text-3xl font-bold text-slate-900 dark:text-white">
          <Coins className="size-7 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {t('aiPool.public.title')}
        </h1>
        <p className="max-w-3xl text-slate-600 dark:text-slate-400">{t('aiPool.public.intro')}</p>
      </header>
      {pool.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : pool.isError || !data ? (
        <Alert tone="error">{errorMessage(pool.error, t('common.operationFailed'))}</Alert>
      ) : (
        <>
          <StatCardGrid
            columns="sm:grid-cols-3"
            stats={[
              { icon: Coins, label: t('aiPool.public.contributed'), value: formatMoney(data.total_contributed) },
              { icon: Coins, tone: 'violet', label: t('aiPool.public.transferred'), value: formatMoney(data.total_transferred) },
              { icon: Coins, tone: 'emerald', label: t('aiPool.public.balance'), value: formatMoney(data.pool_balance) },
            ]}
          />
          <section aria-labelledby="pool-transfers" className="space-y-3">
            <h2 id="pool-transfers" className="text-xl font-semibold text-slate-900 dark:text-white">
              {t('aiPool.public.transfers')}
            </h2>
            {data.transfers.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">{t('aiPool.public.noTransfers')}</p>
            ) : (
              <ul className="space-y-3">
                {data.transfers.map((transfer) => (
                  <li key={transfer.id}>
                    <Card className="grid gap-2 p-4 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
                      <div>
                        <p className="font-semibold text-slate-900 tabular-nums dark:text-white">
                          {formatMoney(transfer.amount)}
                        </p>
                        <p className="text-slate-600 dark:text-slate-400">
                          {transfer.completed_at ? formatDate(transfer.completed_at) : '—'}
                        </p>
                      </div>
                      <dl className="grid min-w-0 gap-1 text-slate-600 dark:text-slate-400">
                        <div className="flex flex-wrap gap-x-2">
                          <dt className="font-medium">{t('aiPool.public.tokens')}</dt>
                          <dd className="tabular-nums">{`${transfer.token_amount} ${transfer.token}`}</dd>
                        </div>
                        <div className="flex flex-wrap gap-x-2">
                          <dt className="font-medium">{t('aiPool.public.transferId')}</dt>
                          <dd className="min-w-0 font-mono break-all">{transfer.transfer_id}</dd>
                        </div>
                        <div className="flex flex-wrap gap-x-2">
                          <dt className="font-medium">{t('aiPool.public.wallet')}</dt>
                          <dd className="min-w-0 font-mono break-all">{transfer.wallet_address}</dd>
                        </div>
                      </dl>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
