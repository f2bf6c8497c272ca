import { homePathForRole } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { rememberedPath } from '@/lib/redirect';
import { useAuthProviders } from '../api/get-auth-providers';
import { AuthPageHeader } from '../components/auth-page-header';
import { GoogleSignIn } from '../components/google-sign-in';
import { LegalNotice } from '../components/legal-notice';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const auth = useAuth();
  const providers = useAuthProviders();
  const googleClientId = providers.data?.google_client_id ?? null;

  // Signed in (now or already): back to the page that sent us here, else the role's home.
  if (auth.status === 'authenticated') {
    return <Navigate to={rememberedPath(location.state) ?? homePathForRole(auth.user.role)} replace />;
  }

  return (
    <>
      <AuthPageHeader title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      {googleClientId && (
        <>
          <GoogleSignIn clientId={googleClientId} />
          <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
            {t('auth.login.orEmail')}
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
          </div>
        </>
      )}
      <LoginForm />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.login.noAccount')}{' '}
        <Link to="/register" state={location.state} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {t('auth.login.createAccount')}
        </Link>
      </p>
      <LegalNotice />
    </>
  );
}
