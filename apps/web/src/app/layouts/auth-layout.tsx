import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { SkipLink } from './public-layout';

/** The centred card of /login, /register, /forgot-password, /reset-password and /admin/login. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-screen flex-col bg-gradient-to-br from-indigo-50 via-white to-violet-50 dark:from-slate-950 dark:via-slate-950 dark:to-indigo-950/40">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center">
        <Card className="w-full max-w-md p-6 shadow-xl shadow-indigo-500/5 sm:p-8">
          <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </Card>
      </main>
      <footer className="pb-6 text-center text-xs text-slate-500 dark:text-slate-400">
        <Link to="/" className="hover:text-indigo-600 dark:hover:text-indigo-400">
          {t('common.backToHome')}
        </Link>
      </footer>
    </div>
  );
}
