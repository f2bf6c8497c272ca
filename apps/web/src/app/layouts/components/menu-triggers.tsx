import type { PublicUser } from '@app/shared';
import { ChevronDown, Menu } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';

/**
 * The faces of the header's menu buttons, without the menus: the header shows these at once and the
 * menus (Radix, ~30 kB) arrive in their own chunk a moment later (see lazy-menus.tsx).
 */

export const userMenuTriggerClass =
  'group flex shrink-0 items-center gap-1 rounded-full p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:pr-2 dark:hover:bg-slate-800';

export function UserMenuFace({ user }: { user: PublicUser }) {
  return (
    <>
      <UserAvatar user={user} />
      <ChevronDown
        className="hidden size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180 sm:block"
        aria-hidden
      />
    </>
  );
}

export type NavFrom = 'md' | 'lg' | 'xl';
const hiddenFrom = { md: 'md:hidden', lg: 'lg:hidden', xl: 'xl:hidden' } as const;

export function navTriggerClass(from: NavFrom): string {
  return cn(buttonClasses('ghost', 'icon'), 'shrink-0', hiddenFrom[from]);
}

export function NavTriggerFace() {
  return <Menu className="size-5" aria-hidden />;
}
