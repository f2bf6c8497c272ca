import { hasRole } from '@app/shared';
import { Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClasses } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { CartLink } from '@/features/cart/components/cart-link';
import { NotificationCentre } from '@/features/notifications/components/notification-centre';
import { LanguagePicker } from '@/features/preferences/components/language-picker';
import { SearchForm } from '@/features/search/components/search-form';
import { displayName, useAuth } from '@/lib/auth-store';
import { useCart } from '@/lib/cart/get-cart';
import { cn } from '@/lib/cn';
import { UserMenu } from './user-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
    isActive
      ? 'text-indigo-600 dark:text-indigo-400'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  );

export function Header() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const logout = useLogout();
  const mobileMenuId = useId();
  // Open only on the page where it was opened: following one of its links closes it.
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const mobileOpen = mobileOpenOn === location.pathname;

  const nav = [
    { to: '/products', label: t('nav.products') },
    { to: '/community', label: t('nav.community') },
    { to: '/about', label: t('nav.about') },
    { to: '/contact', label: t('nav.contact') },
  ];

  const signOut = () => logout.mutate({ redirectTo: '/' });

  const cartCount = useCart().cart.totalItems;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo className="shrink-0" />
        <nav aria-label={t('nav.main')} className="ml-4 hidden items-center gap-1 md:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <SearchForm className="ml-auto hidden w-full max-w-xs lg:block" />
        <div className="ml-auto flex items-center gap-1 lg:ml-2">
          {auth.status === 'authenticated' && (
            <p className="mr-2 hidden max-w-56 truncate whitespace-nowrap text-sm text-slate-600 xl:block dark:text-slate-400">
              {t('header.welcomeBack')}{' '}
              <span className="font-semibold text-slate-900 dark:text-white">{displayName(auth.user)}</span>
            </p>
          )}
          <LanguagePicker className="max-sm:hidden" />
          <ThemeToggle />
          {auth.status === 'authenticated' && <NotificationCentre />}
          <CartLink count={cartCount} />
          {auth.status === 'authenticated' ? (
            <UserMenu user={auth.user} onSignOut={signOut} signingOut={logout.isPending} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                {t('header.signIn')}
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                {t('header.getStarted')}
              </Link>
            </div>
          )}
          <button
            type="button"
            className={cn(buttonClasses('ghost', 'icon'), 'md:hidden')}
            aria-label={mobileOpen ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMobileOpenOn(mobileOpen ? null : location.pathname)}
          >
            {mobileOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </div>
      </div>
      <div className="border-t border-slate-200/80 px-4 py-2 lg:hidden dark:border-slate-800/80">
        <SearchForm />
      </div>
      <div id={mobileMenuId} hidden={!mobileOpen} className="border-t border-slate-200 px-4 pb-4 md:hidden dark:border-slate-800">
        <LanguagePicker labelled className="mt-2 sm:hidden" />
        <nav aria-label={t('nav.mobile')} className="flex flex-col py-2">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
          {auth.status === 'authenticated' && hasRole(auth.user.role, ['admin']) && (
            <NavLink to="/admin" className={navLinkClass}>
              {t('userMenu.admin')}
            </NavLink>
          )}
        </nav>
        {auth.status !== 'authenticated' && (
          <div className="grid grid-cols-2 gap-2 sm:hidden">
            <Link to="/login" className={buttonClasses('outline', 'md')}>
              {t('header.signIn')}
            </Link>
            <Link to="/register" className={buttonClasses('primary', 'md')}>
              {t('header.getStarted')}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
