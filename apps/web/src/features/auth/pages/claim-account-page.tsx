import { resetPasswordFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useClaimAccount } from '../api/claim-account';
import { AuthPageHeader } from '../components/auth-page-header';

/**
 * The "set your password" page of the e-mail a guest purchase sends (decision 0046): the link
 * proves the address, so setting the password claims the account and signs in, orders included.
 */
export function ClaimAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const claim = useClaimAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { new_password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ new_password }) => {
    setFailure(null);
    claim.mutate(
      { token, password: new_password },
      {
        onSuccess: () => navigate('/orders', { replace: true }),
        onError: (error) => setFailure(errorMessage(error, t('auth.reset.failedFallback'))),
      },
    );
  });

  return (
    <>
      <AuthPageHeader title={t('guest.claim.title')} subtitle={t('guest.claim.subtitle')} />
      {!token ? (
        <Alert tone="error" title={t('guest.claim.failedTitle')}>
          <p>{t('guest.claim.missingToken')}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-medium underline">
            {t('guest.claim.requestNew')}
          </Link>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && (
            <Alert tone="error" title={t('guest.claim.failedTitle')}>
              <p>{translateMessage(failure)}</p>
              <Link to="/forgot-password" className="mt-1 inline-block font-medium underline">
                {t('guest.claim.requestNew')}
              </Link>
            </Alert>
          )}
          <NewPasswordFields
            label={t('auth.fields.newPassword')}
            password={{
              ...register('new_password', { onChange: () => clearErrors('new_password') }),
              error: errors.new_password?.message,
            }}
            confirmation={{
              ...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') }),
              error: errors.confirmPassword?.message,
            }}
          />
          <Button type="submit" className="w-full" size="lg" loading={claim.isPending}>
            {t('guest.claim.submit')}
          </Button>
        </form>
      )}
    </>
  );
}
