import { hasRole } from '@app/shared';
import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationCentre } from '@/features/notifications/components/notification-centre';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { MobileNav } from './components/mobile-nav';
import { SkipLink } from './public-layout';

/** The simple-admin area's own layout (spec §2): a top bar, navigation once signed in as a simple admin. */
export function SimpleAdminLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const logout = useLogout();
  const signedIn = auth.status === 'authenticated' && hasRole(auth.user.role, ['simple_admin']);
  const signOut = () => logout.mutate({ redirectTo: '/simple-admin/login' });
  const items = [
    { to: '/simple-admin', label: t('simpleAdmin.nav.dashboard'), end: true },
    { to: '/simple-admin/products', label: t('simpleAdmin.nav.products'), end: true },
    { to: '/simple-admin/products/create', label: t('simpleAdmin.nav.create'), end: true },
  ];

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
          <Logo to={signedIn ? '/simple-admin' : '/'} className="shrink-0" nameClassName="max-sm:sr-only" />
          <span className="shrink-0 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-700 dark:bg-violet-950 dark:text-violet-300">
            {t('simpleAdmin.badge')}
          </span>
          {signedIn && (
            <nav aria-label={t('simpleAdmin.nav.label')} className="hidden items-center gap-1 lg:flex">
              {items.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(buttonClasses('ghost', 'sm'), isActive && 'text-indigo-600 dark:text-indigo-400')
                  }
                >
                  {item.label}
                </NavLink>
              ))}
            </nav>
          )}
          <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
            <ThemeToggle className="shrink-0" />
            {signedIn && <NotificationCentre />}
            {signedIn && (
              <button
                type="button"
                className={cn(buttonClasses('ghost', 'sm'), 'shrink-0 max-lg:size-10 max-lg:px-0 max-sm:hidden')}
                disabled={logout.isPending}
                onClick={signOut}
              >
                <LogOut className="size-4" aria-hidden />
                {/* Below lg: the icon, still named by the hidden text; on phones it is in the menu sheet. */}
                <span className="max-lg:sr-only">{t('userMenu.signOut')}</span>
              </button>
            )}
            {signedIn && (
              <MobileNav
                links={items}
                label={t('simpleAdmin.nav.label')}
                from="lg"
                footer={
                  <button
                    type="button"
                    className={cn(buttonClasses('outline', 'md'), 'w-full')}
                    disabled={logout.isPending}
                    onClick={signOut}
                  >
                    <LogOut className="size-4" aria-hidden />
                    {t('userMenu.signOut')}
                  </button>
                }
              />
            )}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
