import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { SetPasswordForm } from './set-password-form';

export interface ResetPasswordFormProps {
  token: string;
  onReset: () => void;
}

/** The forgotten-password link's form: a new password, then the caller moves on (to sign-in). */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();

  return (
    <SetPasswordForm
      submitLabel={t('auth.reset.submit')}
      failedTitle={t('auth.reset.failedTitle')}
      requestNewLabel={t('auth.reset.requestNew')}
      onSubmit={async (new_password) => {
        const result = await reset.mutateAsync({ token, new_password });
        notify.success(
          t('auth.reset.successTitle'),
          result?.message ? translateMessage(result.message) : t('auth.reset.successMessage'),
        );
        onReset();
      }}
      onFailure={(message) => notify.error(t('auth.reset.failedTitle'), message)}
    />
  );
}
