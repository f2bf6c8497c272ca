import { hasRole, type PublicUser } from '@app/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Heart, LayoutDashboard, LogOut, Package, Settings, ShieldCheck, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { isNewAccount } from '@/lib/new-account';
import { UserMenuFace, userMenuTriggerClass } from './menu-triggers';

export interface UserMenuProps {
  user: PublicUser;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Opens as it mounts (the button was pressed while the menu was still loading). */
  defaultOpen?: boolean;
}

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100 dark:text-slate-300 dark:data-[highlighted]:bg-slate-800';

/** The avatar's menu (Radix DropdownMenu: arrow keys, Escape, focus back on the trigger, ARIA menu roles). */
export function UserMenu({ user, onSignOut, signingOut = false, defaultOpen = false }: UserMenuProps) {
  const { t } = useTranslation();

  const links = [
    { to: '/dashboard', label: t('userMenu.dashboard'), icon: LayoutDashboard },
    { to: '/orders', label: t('userMenu.orders'), icon: Package },
    { to: '/wishlist', label: t('userMenu.wishlist'), icon: Heart },
    { to: '/seller', label: t('userMenu.sell'), icon: Store },
    { to: '/profile', label: t('userMenu.profile'), icon: Settings },
    ...(hasRole(user.role, ['admin']) ? [{ to: '/admin', label: t('userMenu.admin'), icon: ShieldCheck }] : []),
  ];

  return (
    // Not modal: a menu leaves the page as it is (no aria-hidden on the rest, which axe flags while focus can reach it).
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={t('userMenu.trigger')} className={userMenuTriggerClass}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 pt-1 pb-3">
            <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
              {isNewAccount(user.id) ? t('header.welcome') : t('header.welcomeBack')}{' '}
              <span className="font-semibold text-slate-900 dark:text-white">{displayName(user)}</span>
            </span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mb-2 h-px bg-slate-200 dark:bg-slate-800" />
          {links.map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className={itemClass}>
              <Link to={to}>
                <Icon className="size-4 text-slate-400" aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-2 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            className={cn(itemClass, 'text-red-600 dark:text-red-400')}
            disabled={signingOut}
            onSelect={onSignOut}
          >
            <LogOut className="size-4" aria-hidden />
            {t('userMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
