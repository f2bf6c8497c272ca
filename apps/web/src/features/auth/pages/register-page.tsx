import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { AuthPageHeader } from '../components/auth-page-header';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const { t } = useTranslation();
  const auth = useAuth();

  if (auth.status === 'authenticated') return <Navigate to="/dashboard" replace />;

  return (
    <>
      <AuthPageHeader title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      <RegisterForm />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {t('auth.register.signIn')}
        </Link>
      </p>
    </>
  );
}
