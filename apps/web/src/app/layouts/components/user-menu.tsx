import { hasRole, type PublicUser } from '@app/shared';
import { ChevronDown, Heart, LayoutDashboard, LogOut, Package, Settings, ShieldCheck, Store } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import { displayName } from '@/lib/auth-store';
import { cn } from '@/lib/cn';

export interface UserMenuProps {
  user: PublicUser;
  onSignOut: () => void;
  signingOut?: boolean;
}

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

/** A disclosure (button + list of links) rather than an ARIA menu: plain Tab order works and nothing is trapped. */
export function UserMenu({ user, onSignOut, signingOut = false }: UserMenuProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const { pathname } = useLocation();
  // Open only on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const links = [
    { to: '/dashboard', label: t('userMenu.dashboard'), icon: LayoutDashboard },
    { to: '/orders', label: t('userMenu.orders'), icon: Package },
    { to: '/wishlist', label: t('userMenu.wishlist'), icon: Heart },
    { to: '/seller', label: t('userMenu.sell'), icon: Store },
    { to: '/profile', label: t('userMenu.profile'), icon: Settings },
    ...(hasRole(user.role, ['admin']) ? [{ to: '/admin', label: t('userMenu.admin'), icon: ShieldCheck }] : []),
  ];

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label={t('userMenu.trigger')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1.5 rounded-full p-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800"
      >
        <UserAvatar user={user} />
        <ChevronDown className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="border-b border-slate-200 px-3 pt-1 pb-3 dark:border-slate-800">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{displayName(user)}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>
        <ul className="py-2">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={itemClass}>
                <Icon className="size-4 text-slate-400" aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 pt-2 dark:border-slate-800">
          <button
            type="button"
            className={cn(itemClass, 'text-red-600 dark:text-red-400')}
            onClick={onSignOut}
            disabled={signingOut}
          >
            <LogOut className="size-4" aria-hidden />
            {t('userMenu.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
