import { lazy, Suspense } from 'react';

// The bell's popover (Radix Popover with its positioning engine) downloads after the page, so every
// page's first load stays the same size; the bell shows once it has arrived.
const NotificationPopover = lazy(async () => ({ default: (await import('./notification-popover')).NotificationPopover }));

/** The header's bell: unread count and the latest notifications (see notification-popover.tsx). */
export function NotificationCentre() {
  return (
    <Suspense fallback={<span className="inline-block size-10" aria-hidden />}>
      <NotificationPopover />
    </Suspense>
  );
}
