import { AI_POOL_HISTORY_LIMIT, AI_POOL_TRANSFER_STATUSES, type AiPoolTransferStatus } from '@app/shared';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { usePagedList } from '@/lib/use-paged-list';
import { useTransferHistory } from '../api/get-transfer-history';
import { PoolNav } from '../components/pool-nav';
import { TransfersTable } from '../components/transfers-table';

/** /admin/ai-pool/history: the last 50 transfers out of the pool, filtered by status. */
export function AdminPoolHistoryPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AiPoolTransferStatus | ''>('');
  const history = useTransferHistory(AI_POOL_HISTORY_LIMIT, status || undefined);
  const { items: transfers } = usePagedList(history, 'transfers');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={History}
        title={t('aiPool.history.title')}
        description={t('aiPool.history.description', { count: AI_POOL_HISTORY_LIMIT })}
        actions={
          <Field label={t('aiPool.history.status')} className="w-44">
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={status}
                onChange={(event) => setStatus(event.target.value as AiPoolTransferStatus | '')}
              >
                <option value="">{t('aiPool.history.allStatuses')}</option>
                {AI_POOL_TRANSFER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`aiPool.status.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        }
      />
      <PoolNav />
      <TransfersTable
        transfers={transfers}
        loading={history.isPending}
        error={history.isError ? errorMessage(history.error, t('common.operationFailed')) : null}
      />
    </div>
  );
}
