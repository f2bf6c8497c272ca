import type { BankAccountView } from '@app/shared';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { CheckboxField } from '@/components/ui/field';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useBankAccounts, useCreateBankAccount, useDeleteBankAccount, useUpdateBankAccount } from '../api/bank-accounts';
import { BankAccountForm } from '../components/bank-account-form';

/** /admin/payments/bank-accounts: the platform's own bank accounts (numbers shown masked only). */
export function AdminBankAccountsPage() {
  const { t } = useTranslation();
  const accounts = useBankAccounts();
  const create = useCreateBankAccount();
  const update = useUpdateBankAccount();
  const remove = useDeleteBankAccount();
  const [primary, setPrimary] = useState(false);
  const [removing, setRemoving] = useState<BankAccountView | null>(null);
  const list = accounts.data?.bank_accounts ?? [];
  const failed = (error: unknown) =>
    notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Landmark} title={t('payouts.admin.bankTitle')} description={t('payouts.admin.bankDescription')} />
      <DataTable
        label={t('payouts.admin.bankTitle')}
        loading={accounts.isPending}
        error={accounts.isError ? errorMessage(accounts.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('payouts.admin.noBankAccounts') : null}
        minWidth="44rem"
      >
        <thead>
          <tr>
            <Th>{t('payouts.account.holder')}</Th>
            <Th>{t('payouts.account.bank')}</Th>
            <Th>{t('payouts.columns.account')}</Th>
            <Th>{t('payouts.admin.added')}</Th>
            <Th className="text-right">{t('payouts.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((account) => (
            <tr key={account.id}>
              <Td>
                <p className="font-medium text-slate-900 dark:text-white">{account.account_holder_name}</p>
                {account.is_primary && <Badge tone="success">{t('payouts.admin.primary')}</Badge>}
              </Td>
              <Td>{account.bank_name || '—'}</Td>
              <Td className="font-mono whitespace-nowrap">
                {account.masked_number}
                {account.routing_number && <span className="block text-xs">{account.routing_number}</span>}
              </Td>
              <Td className="whitespace-nowrap">{formatDate(account.created_at)}</Td>
              <Td className="space-x-1 text-right whitespace-nowrap">
                {!account.is_primary && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      update.mutate(
                        { id: account.id, is_primary: true },
                        { onSuccess: () => notify.success(t('payouts.admin.primarySet')), onError: failed },
                      )
                    }
                  >
                    {t('payouts.admin.makePrimary')}
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => setRemoving(account)}>
                  {t('payouts.account.remove')}
                </Button>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Card>
        <CardHeader>
          <CardTitle>{t('payouts.admin.addBank')}</CardTitle>
        </CardHeader>
        <CardContent>
          <BankAccountForm
            submitLabel={t('payouts.admin.addBank')}
            busy={create.isPending}
            onServerError={failed}
            onSubmit={async (values) => {
              await create.mutateAsync({ ...values, currency: 'usd', is_primary: primary });
              setPrimary(false);
              notify.success(t('payouts.admin.bankAdded'));
            }}
          >
            <CheckboxField
              className="sm:col-span-2"
              label={t('payouts.admin.makePrimary')}
              checked={primary}
              onChange={(event) => setPrimary(event.target.checked)}
            />
          </BankAccountForm>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title={t('payouts.admin.removeBankTitle')}
        description={removing ? t('payouts.admin.removeBankDescription', { account: removing.masked_number }) : ''}
        confirmLabel={t('payouts.account.remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => notify.success(t('payouts.admin.bankRemoved')),
            onError: failed,
            onSettled: () => setRemoving(null),
          })
        }
      />
    </div>
  );
}
