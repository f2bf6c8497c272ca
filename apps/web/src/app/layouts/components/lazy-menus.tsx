import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavTriggerFace, navTriggerClass, UserMenuFace, userMenuTriggerClass } from './menu-triggers';
import type { MobileNavProps } from './mobile-nav';
import type { UserMenuProps } from './user-menu';

// The menus (Radix DropdownMenu and Dialog, ~30 kB) stay out of the first download of every page:
// their chunks are requested when a slot first renders, after the page's language bundle (requested
// when this module ran they took the slow first-visit bandwidth from it and delayed the first paint).
let userMenu: ComponentType<UserMenuProps> | undefined;
let mobileNav: ComponentType<MobileNavProps> | undefined;
const loadUserMenu = () => import('./user-menu').then((module) => (userMenu = module.UserMenu));
const loadMobileNav = () => import('./mobile-nav').then((module) => (mobileNav = module.MobileNav));
const LazyUserMenu = lazy(async () => ({ default: await loadUserMenu() }));
const LazyMobileNav = lazy(async () => ({ default: await loadMobileNav() }));

/** The user menu; until it has loaded, the same avatar button, and a press on it opens the menu once it is there. */
export function UserMenuSlot(props: Omit<UserMenuProps, 'defaultOpen'>) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  // Decided once per mount, so the menu is never swapped for another instance while in use.
  const [Loaded] = useState(() => userMenu);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={t('userMenu.trigger')}
          className={userMenuTriggerClass}
          onClick={() => setPressed(true)}
        >
          <UserMenuFace user={props.user} />
        </button>
      }
    >
      <LazyUserMenu {...props} defaultOpen={pressed} />
    </Suspense>
  );
}

/** The navigation sheet; until it has loaded, the same menu button, and a press on it opens the sheet once it is there. */
export function MobileNavSlot(props: Omit<MobileNavProps, 'defaultOpen'>) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  const [Loaded] = useState(() => mobileNav);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={t('header.openMenu')}
          className={navTriggerClass(props.from)}
          onClick={() => setPressed(true)}
        >
          <NavTriggerFace />
        </button>
      }
    >
      <LazyMobileNav {...props} defaultOpen={pressed} />
    </Suspense>
  );
}
