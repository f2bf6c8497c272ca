import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthPageHeader } from '../components/auth-page-header';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <AuthPageHeader title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.forgot.remembered')}{' '}
        <Link to="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {t('auth.register.signIn')}
        </Link>
      </p>
    </>
  );
}
