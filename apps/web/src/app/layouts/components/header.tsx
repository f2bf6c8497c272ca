import { hasRole } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClasses } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { CartLink } from '@/features/cart/components/cart-link';
import { NotificationCentre } from '@/features/notifications/components/notification-centre';
import { LanguagePicker } from '@/features/preferences/components/language-picker';
import { SearchBox } from '@/features/search/components/search-box';
import { displayName, useAuth } from '@/lib/auth-store';
import { useCart } from '@/lib/cart/get-cart';
import { cn } from '@/lib/cn';
import { isNewAccount } from '@/lib/new-account';
import { type FromState, pathOf } from '@/lib/redirect';
import { MobileNavSlot, UserMenuSlot } from './lazy-menus';

// One line each: a link that wrapped ("Quiénes / somos", "商 / 品") made the header two rows tall.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
    isActive
      ? 'text-indigo-600 dark:text-indigo-400'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  );

export function Header() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const logout = useLogout();
  // Sign in and Get started come back here afterwards (the login page reads `from`).
  const returnHere: FromState = { from: pathOf(location) };

  // `wide`: inline only from xl; between lg and xl they are in the menu sheet, whose button shows until xl.
  const nav = [
    { to: '/products', label: t('nav.products') },
    { to: '/community', label: t('nav.community') },
    { to: '/about', label: t('nav.about'), wide: true },
    { to: '/contact', label: t('nav.contact'), wide: true },
  ];
  const mobileLinks =
    auth.status === 'authenticated' && hasRole(auth.user.role, ['admin'])
      ? [...nav, { to: '/admin', label: t('userMenu.admin') }]
      : nav;

  const signOut = () => logout.mutate({ redirectTo: '/' });

  const cartCount = useCart().cart.totalItems;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/85">
      {/*
        Phones: the mark only; every link in a sheet below lg; from lg the first two links inline and the
        rest in the sheet until xl, where all four and the search fit in one row in every language (the
        search box takes what is left). The language picker is icon-sized on phones.
      */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8 2xl:max-w-[96rem]">
        <Logo className="shrink-0" nameClassName="max-sm:sr-only" />
        <nav aria-label={t('nav.main')} className="ml-2 hidden shrink-0 items-center gap-1 lg:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} className={(state) => cn(navLinkClass(state), item.wide && 'max-xl:hidden')}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <SearchBox className="ml-auto hidden w-full max-w-xs min-w-44 xl:block" />
        {auth.status === 'authenticated' && (
          // Shown whole where there is room for it (never cut to "Welc…"); the user menu always greets too.
          <div className="@container ml-2 hidden min-w-0 flex-1 xl:block">
            <p className="hidden text-right text-sm whitespace-nowrap text-slate-600 @min-[16rem]:block dark:text-slate-400">
              {isNewAccount(auth.user.id) ? t('header.welcome') : t('header.welcomeBack')}{' '}
              <span className="font-semibold text-slate-900 dark:text-white">{displayName(auth.user)}</span>
            </p>
          </div>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1 xl:ml-1">
          <LanguagePicker className="shrink-0" />
          <ThemeToggle className="shrink-0" />
          {auth.status === 'authenticated' && <NotificationCentre />}
          <CartLink count={cartCount} className="shrink-0" />
          {auth.status === 'authenticated' ? (
            <UserMenuSlot user={auth.user} onSignOut={signOut} signingOut={logout.isPending} />
          ) : (
            <>
              <Link to="/login" state={returnHere} className={cn(buttonClasses('ghost', 'sm'), 'shrink-0 whitespace-nowrap')}>
                {t('header.signIn')}
              </Link>
              <Link
                to="/register"
                state={returnHere}
                className={cn(buttonClasses('primary', 'sm'), 'shrink-0 whitespace-nowrap max-md:hidden')}
              >
                {t('header.getStarted')}
              </Link>
            </>
          )}
          <MobileNavSlot
            links={mobileLinks}
            label={t('nav.mobile')}
            from="xl"
            footer={
              auth.status !== 'authenticated' && (
                <div className="grid grid-cols-2 gap-2">
                  <Link to="/login" state={returnHere} className={buttonClasses('outline', 'md')}>
                    {t('header.signIn')}
                  </Link>
                  <Link to="/register" state={returnHere} className={buttonClasses('primary', 'md')}>
                    {t('header.getStarted')}
                  </Link>
                </div>
              )
            }
          />
        </div>
      </div>
      <div className="border-t border-slate-200/80 px-4 py-2 xl:hidden dark:border-slate-800/80">
        <SearchBox />
      </div>
    </header>
  );
}
