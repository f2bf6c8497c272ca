import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeleteAccount } from '../api/delete-account';

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  const onConfirm = () =>
    remove.mutate(undefined, {
      onError: (error) => {
        setConfirming(false);
        notify.error(t('profile.delete.failedTitle'), translateMessage(errorMessage(error, t('profile.delete.failedFallback'))));
      },
    });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('profile.delete.warning')}</p>
      <Button variant="danger" className="shrink-0" onClick={() => setConfirming(true)}>
        {t('profile.delete.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('profile.delete.confirmTitle')}
        description={t('profile.delete.confirmText')}
        confirmLabel={t('profile.delete.confirmButton')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </div>
  );
}
