import type { AffiliateDashboard } from '@app/shared';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { BankAccountForm } from '@/features/payouts/components/bank-account-form';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  useAffiliatePayoutAccount,
  useDeleteAffiliatePayoutAccount,
  useSaveAffiliatePayoutAccount,
} from '../api/affiliate-payout-account';

/**
 * How commission reaches the member: released commission joins their payout balance, which the
 * payout run sends to their payout account (the same account a seller sets on the seller dashboard).
 */
export function AffiliatePayouts({ userId, dashboard }: { userId: string; dashboard: AffiliateDashboard }) {
  const { t } = useTranslation();
  const account = useAffiliatePayoutAccount(userId);
  const save = useSaveAffiliatePayoutAccount(userId);
  const remove = useDeleteAffiliatePayoutAccount(userId);
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const current = account.data?.account ?? null;
  const { payout } = dashboard;
  const failed = (error: unknown) =>
    notify.error(t('payouts.account.failed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5" aria-hidden />
          {t('affiliate.payout.title')}
        </CardTitle>
        <CardDescription>
          {t('affiliate.payout.description', { days: dashboard.hold_days, minimum: formatMoney(payout.minimum_payout) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('affiliate.payout.balance', {
            available: formatMoney(payout.available),
            inTransit: formatMoney(payout.in_transit),
            paidOut: formatMoney(payout.paid_out),
          })}
        </p>
        {!account.isPending && !current && <Alert tone="info">{t('affiliate.payout.noAccount')}</Alert>}
        {current && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-800 dark:text-slate-200">
              <span className="font-medium">{current.account_holder_name}</span>
              {current.bank_name && ` · ${current.bank_name}`} · <span className="font-mono">{current.masked_number}</span>
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
      </CardContent>
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
    </Card>
  );
}
