import { NOTIFICATIONS } from '@app/shared';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** sonner (~9 kB gzip) is not on the first page: it loads with the Toaster (app/providers.tsx) or the first toast. */
export const loadSonner = () => import('sonner');

function show(kind: Kind) {
  return (title: string, description?: string): void => {
    // A toast raised before the Toaster has mounted waits in sonner's state and shows once it has.
    void loadSonner().then(({ toast }) => toast[kind](title, { description, duration: NOTIFICATIONS.durationMs[kind] }));
  };
}

/** Toasts with the spec §9 duration for each kind (success 3 s, info 3 s, warning 5 s, error 8 s). */
export const notify = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
