import type { AiPoolTransfer, AiPoolTransferStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { formatDate, formatMoney } from '@/lib/format';

const STATUS_TONE: Record<AiPoolTransferStatus, BadgeTone> = { pending: 'warning', completed: 'success', failed: 'danger' };

export function TransferStatusBadge({ status }: { status: AiPoolTransferStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONE[status]}>{t(`aiPool.status.${status}`)}</Badge>;
}

/** Transfers out of the pool: when, how much, in tokens, where to, and the provider's transfer id. */
export function TransfersTable({
  transfers,
  loading,
  error,
}: {
  transfers: AiPoolTransfer[];
  loading: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      label={t('aiPool.transfers.label')}
      loading={loading}
      error={error}
      empty={transfers.length === 0 ? t('aiPool.transfers.empty') : null}
      minWidth="48rem"
    >
      <thead>
        <tr>
          <Th>{t('aiPool.transfers.columns.date')}</Th>
          <Th>{t('aiPool.transfers.columns.status')}</Th>
          <Th>{t('aiPool.transfers.columns.trigger')}</Th>
          <Th className="text-right">{t('aiPool.transfers.columns.amount')}</Th>
          <Th className="text-right">{t('aiPool.transfers.columns.tokens')}</Th>
          <Th>{t('aiPool.transfers.columns.transferId')}</Th>
        </tr>
      </thead>
      <tbody>
        {transfers.map((transfer) => (
          <tr key={transfer.id}>
            <Td className="whitespace-nowrap">{formatDate(transfer.completed_at ?? transfer.created_at)}</Td>
            <Td>
              <TransferStatusBadge status={transfer.status} />
              {transfer.failure_reason && (
                <p className="mt-1 text-xs text-red-700 dark:text-red-400">{transfer.failure_reason}</p>
              )}
            </Td>
            <Td>{t(`aiPool.trigger.${transfer.trigger}`)}</Td>
            <Td className="text-right tabular-nums">{formatMoney(transfer.amount)}</Td>
            <Td className="text-right tabular-nums">{`${transfer.token_amount} ${transfer.token}`}</Td>
            <Td className="font-mono text-xs break-all">{transfer.transfer_id ?? '—'}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
