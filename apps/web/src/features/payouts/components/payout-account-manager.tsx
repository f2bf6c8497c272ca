import type { PayoutAccountInput, SellerPayoutAccountView } from '@app/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { BankAccountForm } from './bank-account-form';

export interface PayoutAccountManagerProps {
  account: UseQueryResult<{ account: SellerPayoutAccountView | null }>;
  save: UseMutationResult<unknown, unknown, PayoutAccountInput>;
  remove: UseMutationResult<unknown, unknown, void>;
  /** Shown above the form while there is no account yet. */
  noAccountNote?: ReactNode;
}

/**
 * The payout account as its owner manages it (sellers on /seller, affiliates on /affiliate): the
 * masked account, replace or remove it (with confirmation), finish provider onboarding, or add one.
 */
export function PayoutAccountManager({ account, save, remove, noAccountNote }: PayoutAccountManagerProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const current = account.data?.account ?? null;
  const failed = (error: unknown) =>
    notify.error(t('payouts.account.failed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  return (
    <>
      {!account.isPending && !current && noAccountNote && <Alert tone="info">{noAccountNote}</Alert>}
      {current && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-800 dark:text-slate-200">
            <span className="font-medium">{current.account_holder_name}</span>
            {current.bank_name && ` · ${current.bank_name}`} · <span className="font-mono">{current.masked_number}</span>
            {current.routing_number && ` · ${t('payouts.account.routingShort', { number: current.routing_number })}`}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing((open) => !open)}>
              {t('payouts.account.replace')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)}>
              {t('payouts.account.remove')}
            </Button>
          </div>
        </div>
      )}
      {current?.onboarding_url && (
        <Alert tone="info">
          <a href={current.onboarding_url} className="font-medium underline" rel="noopener noreferrer">
            {t('payouts.account.onboarding')}
          </a>
        </Alert>
      )}
      {!account.isPending && (!current || editing) && (
        <BankAccountForm
          submitLabel={t('payouts.account.save')}
          busy={save.isPending}
          onServerError={failed}
          onSubmit={async (values) => {
            await save.mutateAsync(values);
            setEditing(false);
            notify.success(t('payouts.account.saved'));
          }}
        />
      )}
      <ConfirmDialog
        open={confirmRemove}
        title={t('payouts.account.removeTitle')}
        description={t('payouts.account.removeDescription')}
        confirmLabel={t('payouts.account.remove')}
        busy={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => notify.success(t('payouts.account.removed')),
            onError: failed,
            onSettled: () => setConfirmRemove(false),
          })
        }
      />
    </>
  );
}
