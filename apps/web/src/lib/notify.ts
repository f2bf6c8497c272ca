import { NOTIFICATIONS } from '@app/shared';
import { toast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind) {
  return (title: string, description?: string) => toast[kind](title, { description, duration: NOTIFICATIONS.durationMs[kind] });
}

/** Toasts with the spec §9 duration for each kind (success 3 s, info 3 s, warning 5 s, error 8 s). */
export const notify = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
