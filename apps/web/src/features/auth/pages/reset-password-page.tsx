import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { AuthPageHeader } from '../components/auth-page-header';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <>
      <AuthPageHeader title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      {token ? (
        <ResetPasswordForm token={token} onReset={() => navigate('/login', { replace: true })} />
      ) : (
        <div className="space-y-4">
          <Alert tone="error" title={t('auth.reset.failedTitle')}>
            {t('auth.reset.missingToken')}
          </Alert>
          <Link to="/forgot-password" className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('auth.reset.requestNew')}
          </Link>
        </div>
      )}
    </>
  );
}
