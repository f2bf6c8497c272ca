import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavTriggerFace, navTriggerClass, UserMenuFace, userMenuTriggerClass } from './menu-triggers';
import type { MobileNavProps } from './mobile-nav';
import type { UserMenuProps } from './user-menu';

// The menus (Radix DropdownMenu and Dialog) load in their own chunk as the header first renders,
// so they stay out of the first download of every page.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const MobileNav = lazy(async () => ({ default: (await import('./mobile-nav')).MobileNav }));

/** The user menu; until it has loaded, the same avatar button, and a press on it opens the menu once it is there. */
export function UserMenuSlot(props: Omit<UserMenuProps, 'defaultOpen'>) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
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
      <UserMenu {...props} defaultOpen={pressed} />
    </Suspense>
  );
}

/** The navigation sheet; until it has loaded, the same menu button, and a press on it opens the sheet once it is there. */
export function MobileNavSlot(props: Omit<MobileNavProps, 'defaultOpen'>) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
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
      <MobileNav {...props} defaultOpen={pressed} />
    </Suspense>
  );
}
