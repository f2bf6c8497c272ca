import { hasRole } from '@app/shared';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { AdminLoginForm } from '../components/admin-login-form';
import { AuthPageHeader } from '../components/auth-page-header';

export function AdminLoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();

  if (auth.status === 'authenticated' && hasRole(auth.user.role, ['admin'])) return <Navigate to="/admin" replace />;

  return (
    <>
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-400">
        <ShieldCheck className="size-6" aria-hidden />
      </span>
      <AuthPageHeader title={t('auth.adminLogin.title')} subtitle={t('auth.adminLogin.subtitle')} />
      <AdminLoginForm />
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {t('auth.adminLogin.backToSite')}
        </Link>
      </p>
    </>
  );
}
