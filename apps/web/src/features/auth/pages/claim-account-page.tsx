import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useClaimAccount } from '../api/claim-account';
import { AuthPageHeader } from '../components/auth-page-header';
import { SetPasswordForm } from '../components/set-password-form';

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
        <SetPasswordForm
          submitLabel={t('guest.claim.submit')}
          failedTitle={t('guest.claim.failedTitle')}
          requestNewLabel={t('guest.claim.requestNew')}
          onSubmit={async (password) => {
            await claim.mutateAsync({ token, password });
            await navigate('/orders', { replace: true });
          }}
        />
      )}
    </>
  );
}
