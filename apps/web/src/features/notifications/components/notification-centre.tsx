import { type ComponentType, lazy, Suspense, useState } from 'react';

// The bell's popover (Radix Popover with its positioning engine) stays out of every page's first
// download: its chunk is requested when the bell first renders (signed-in users only), and used
// directly once it is there (as the header's menus are, app/layouts/components/lazy-menus.tsx).
let popover: ComponentType | undefined;
const loadPopover = () => import('./notification-popover').then((module) => (popover = module.NotificationPopover));
const LazyPopover = lazy(async () => ({ default: await loadPopover() }));

/** The header's bell: unread count and the latest notifications (see notification-popover.tsx). */
export function NotificationCentre() {
  // Decided once per mount, so the bell is never swapped for another instance while in use.
  const [Loaded] = useState(() => popover);
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<span className="inline-block size-10" aria-hidden />}>
      <LazyPopover />
    </Suspense>
  );
}
