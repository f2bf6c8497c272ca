import * as Dialog from '@radix-ui/react-dialog';
import {
  ArrowLeftRight,
  Banknote,
  Bell,
  CalendarClock,
  ChartColumn,
  Coins,
  ExternalLink,
  Inbox,
  Landmark,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquareText,
  Package,
  PanelLeftClose,
  PanelLeftOpen,
  Percent,
  Settings,
  Share2,
  ShieldCheck,
  ShoppingBag,
  TicketPercent,
  Users,
  X,
} from 'lucide-react';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { UserAvatar } from '@/components/user-avatar';
import { SystemStatus } from '@/features/admin/components/system-status';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationCentre } from '@/features/notifications/components/notification-centre';
import { displayName, useRequiredUser } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { updatePreferences, usePreferences } from '@/lib/preferences';
import { useCloseFromWidth } from './components/mobile-nav';
import { SkipLink } from './public-layout';

/**
 * Spec §2 admin layout: sidebar, View Site, logout to /, footer figures. On wide screens the sidebar
 * folds to an icon rail (the `sidebarCollapsed` preference, kept on the account like the others).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const location = useLocation();
  const logout = useLogout();
  // Open only on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null);
  useCloseFromWidth(
    '64rem',
    open,
    useCallback(() => setOpenOn(null), []),
  );

  const collapsed = usePreferences().sidebarCollapsed;

  const signOut = () => logout.mutate({ redirectTo: '/' });
  const sidebar = (
    <SidebarContent onSignOut={signOut} signingOut={logout.isPending} onClose={open ? () => setOpen(false) : undefined} />
  );

  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-950">
      <SkipLink />
      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-40 hidden flex-col border-r border-slate-200 bg-white lg:flex dark:border-slate-800 dark:bg-slate-900',
          collapsed ? 'w-16' : 'w-64',
        )}
      >
        {!open && (
          <SidebarContent
            onSignOut={signOut}
            signingOut={logout.isPending}
            collapsed={collapsed}
            onToggleCollapsed={() => void updatePreferences({ sidebarCollapsed: !collapsed })}
          />
        )}
      </aside>
      <div className={cn('flex min-w-0 flex-1 flex-col', collapsed ? 'lg:pl-16' : 'lg:pl-64')}>
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/85 px-4 backdrop-blur-md sm:px-6 dark:border-slate-800 dark:bg-slate-950/85">
          {/* Below lg the sidebar is a sheet (Radix Dialog: focus trapped, Escape closes, focus returns here). */}
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger
              className={cn(buttonClasses('ghost', 'icon'), 'shrink-0 lg:hidden')}
              aria-label={t('header.openMenu')}
            >
              <Menu className="size-5" aria-hidden />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 lg:hidden" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white focus:outline-none lg:hidden dark:border-slate-800 dark:bg-slate-900"
              >
                <Dialog.Title className="sr-only">{t('admin.nav.label')}</Dialog.Title>
                {sidebar}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <p className="min-w-0 truncate text-sm font-semibold text-slate-900 dark:text-white">{t('admin.title')}</p>
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3">
            <ThemeToggle />
            <NotificationCentre />
            <span className="hidden max-w-48 truncate text-sm text-slate-600 md:block dark:text-slate-400">
              {displayName(user)}
            </span>
            <UserAvatar user={user} className="shrink-0" />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-8 sm:px-6 lg:px-8">
          <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 px-4 py-4 text-xs text-slate-500 sm:px-6 lg:px-8 dark:border-slate-800 dark:text-slate-400">
          {/* The spec's placeholders (uptime 99.9%, users online), measured instead. */}
          <SystemStatus />
          <span className="ml-auto">{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        </footer>
      </div>
    </div>
  );
}

/** Logo, the admin sections, View Site and Sign out: the fixed sidebar on wide screens, the sheet on narrow ones. */
function SidebarContent({
  onSignOut,
  signingOut,
  onClose,
  collapsed = false,
  onToggleCollapsed,
}: {
  onSignOut: () => void;
  signingOut: boolean;
  /** Present in the sheet: a close button beside the logo. */
  onClose?: () => void;
  /** The wide-screen rail: icons only, each link still named (visually hidden label and a tooltip). */
  collapsed?: boolean;
  /** Present on wide screens: the fold/unfold button. */
  onToggleCollapsed?: () => void;
}) {
  const { t } = useTranslation();
  const items = [
    { to: '/admin', label: t('admin.nav.dashboard'), icon: LayoutDashboard, end: true },
    { to: '/admin/users', label: t('admin.nav.users'), icon: Users },
    { to: '/admin/products', label: t('admin.nav.products'), icon: Package },
    { to: '/admin/orders', label: t('admin.nav.orders'), icon: ShoppingBag },
    { to: '/admin/settings', label: t('admin.nav.settings'), icon: Settings },
  ];
  const more = [
    { to: '/admin/notifications', label: t('admin.nav.notifications'), icon: Bell },
    { to: '/admin/stats', label: t('admin.nav.stats'), icon: ChartColumn },
    { to: '/admin/simple-admins', label: t('admin.nav.simpleAdmins'), icon: ShieldCheck },
    { to: '/admin/promo-codes', label: t('admin.nav.promoCodes'), icon: TicketPercent },
    { to: '/admin/tax', label: t('admin.nav.tax'), icon: Percent },
    { to: '/admin/leads', label: t('chatbot.leads.nav'), icon: MessageSquareText },
    { to: '/admin/payments', label: t('paymentReports.admin.nav'), icon: Banknote, end: true },
    { to: '/admin/ai-pool', label: t('aiPool.nav.sidebar'), icon: Coins },
    { to: '/admin/newsletter', label: t('newsletter.admin.nav'), icon: Mail },
    { to: '/admin/payments/transfers', label: t('payouts.nav.transfers'), icon: ArrowLeftRight },
    { to: '/admin/payments/bank-accounts', label: t('payouts.nav.bankAccounts'), icon: Landmark },
    { to: '/admin/payments/settings', label: t('payouts.nav.settings'), icon: CalendarClock },
    { to: '/admin/affiliates', label: t('affiliate.admin.nav'), icon: Share2 },
    { to: '/admin/messages', label: t('contact.inbox.nav'), icon: Inbox },
  ];

  return (
    <>
      <div className={cn('flex h-16 shrink-0 items-center justify-between', collapsed ? 'px-3' : 'px-5')}>
        <Logo to="/admin" nameClassName={collapsed ? 'sr-only' : undefined} />
        {onClose && (
          <button type="button" className={buttonClasses('ghost', 'icon')} aria-label={t('header.closeMenu')} onClick={onClose}>
            <X className="size-5" aria-hidden />
          </button>
        )}
      </div>
      <nav aria-label={t('admin.nav.label')} className={cn('flex-1 space-y-1 overflow-y-auto py-4', collapsed ? 'px-2' : 'px-3')}>
        {items.map((item) => (
          <SidebarLink key={item.to} {...item} collapsed={collapsed} onNavigate={onClose} />
        ))}
        <p
          className={cn(
            'px-3 pt-5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400',
            collapsed && 'mx-1 mb-2 border-b border-slate-200 px-0 pt-3 pb-0 dark:border-slate-800',
          )}
        >
          <span className={cn(collapsed && 'sr-only')}>{t('admin.nav.more')}</span>
        </p>
        {more.map((item) => (
          <SidebarLink key={item.to} {...item} collapsed={collapsed} onNavigate={onClose} />
        ))}
      </nav>
      <div className={cn('space-y-1 border-t border-slate-200 dark:border-slate-800', collapsed ? 'p-2' : 'p-3')}>
        {onToggleCollapsed && (
          <SidebarButton
            icon={collapsed ? PanelLeftOpen : PanelLeftClose}
            label={collapsed ? t('admin.nav.expand') : t('admin.nav.collapse')}
            collapsed={collapsed}
            onClick={onToggleCollapsed}
          />
        )}
        <Link
          to="/"
          title={collapsed ? t('admin.viewSite') : undefined}
          className={cn(buttonClasses('ghost', 'md'), 'w-full', collapsed ? 'justify-center px-0' : 'justify-start')}
        >
          <ExternalLink className="size-4 shrink-0" aria-hidden />
          <span className={cn(collapsed && 'sr-only')}>{t('admin.viewSite')}</span>
        </Link>
        <SidebarButton
          icon={LogOut}
          label={t('userMenu.signOut')}
          collapsed={collapsed}
          onClick={onSignOut}
          disabled={signingOut}
          className="text-red-600 dark:text-red-400"
        />
      </div>
    </>
  );
}

function SidebarLink({
  to,
  label,
  icon: Icon,
  end,
  collapsed,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: typeof Users;
  end?: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
          collapsed ? 'justify-center px-0' : 'px-3',
          isActive
            ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className={cn(collapsed && 'sr-only')}>{label}</span>
    </NavLink>
  );
}

function SidebarButton({
  icon: Icon,
  label,
  collapsed,
  onClick,
  disabled,
  className,
}: {
  icon: typeof Users;
  label: string;
  collapsed: boolean;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      title={collapsed ? label : undefined}
      className={cn(buttonClasses('ghost', 'md'), 'w-full', collapsed ? 'justify-center px-0' : 'justify-start', className)}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className={cn(collapsed && 'sr-only')}>{label}</span>
    </button>
  );
}
