import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type NavFrom, NavTriggerFace, navTriggerClass } from './menu-triggers';

/**
 * Calls `close` when the screen grows to `minWidth` (a rotated tablet, a widened window): the sheet's
 * content is hidden there, and a modal left open would keep the page inert.
 */
export function useCloseFromWidth(minWidth: string, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(`(min-width: ${minWidth})`);
    if (query.matches) close();
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) close();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [minWidth, open, close]);
}

export interface MobileNavLink {
  to: string;
  label: string;
  end?: boolean;
}

export interface MobileNavProps {
  links: MobileNavLink[];
  /** Name of the navigation landmark inside the sheet. */
  label: string;
  /** Extra content under the links (sign-in buttons for visitors). */
  footer?: ReactNode;
  /** The width from which the links are in the header itself: the trigger hides and an open sheet closes. */
  from: NavFrom;
  /** Opens as it mounts (the button was pressed while the sheet was still loading). */
  defaultOpen?: boolean;
}

const breakpoints = { md: '48rem', lg: '64rem', xl: '80rem' } as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2.5 text-base font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/**
 * The header's navigation on narrow screens: a menu button opening a side sheet (Radix Dialog: focus
 * trapped inside, Escape and the overlay close it, focus returns to the button). Following a link closes it.
 */
export function MobileNav({ links, label, footer, from, defaultOpen = false }: MobileNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Open only on the page where it was opened: a navigation (link, back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(defaultOpen ? pathname : null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  useCloseFromWidth(
    breakpoints[from],
    open,
    useCallback(() => setOpenOn(null), []),
  );

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={navTriggerClass(from)} aria-label={t('header.openMenu')}>
        <NavTriggerFace />
      </Dialog.Trigger>
      {/* Only while open: a closed sheet's Radix Presence sends a state update as it mounts (see ConfirmDialog). */}
      {open && (
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex items-center justify-between">
              <Dialog.Title className="px-3 text-sm font-semibold text-slate-500 dark:text-slate-400">
                {t('header.menu')}
              </Dialog.Title>
              <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('header.closeMenu')}>
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <nav aria-label={label} className="flex flex-col gap-1">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} end={link.end} className={linkClass} onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              ))}
            </nav>
            {footer && <div className="mt-2 border-t border-slate-200 pt-4 dark:border-slate-800">{footer}</div>}
          </Dialog.Content>
        </Dialog.Portal>
      )}
    </Dialog.Root>
  );
}
