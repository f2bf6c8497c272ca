import * as Popover from '@radix-ui/react-popover';
import { Bell, CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatRelative } from '@/lib/format';
import { type AppNotification, type NotificationType, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const icons: Record<NotificationType, { Icon: typeof Info; className: string }> = {
  info: { Icon: Info, className: 'text-indigo-600 dark:text-indigo-400' },
  success: { Icon: CircleCheck, className: 'text-emerald-600 dark:text-emerald-400' },
  warning: { Icon: TriangleAlert, className: 'text-amber-600 dark:text-amber-400' },
  error: { Icon: CircleAlert, className: 'text-red-600 dark:text-red-400' },
};

/** '5 minutes ago', 'yesterday'… */
export function timeAgo(timestamp: string, now = Date.now()): string {
  const seconds = Math.round((new Date(timestamp).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return timestamp;
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return formatRelative(Math.round(seconds / size), unit);
  }
  return formatRelative(0, 'second');
}

function NotificationItem({ note, onRead, reading }: { note: AppNotification; onRead: () => void; reading: boolean }) {
  const { t } = useTranslation();
  const { Icon, className } = icons[note.type] ?? icons.info;
  return (
    <li className={cn('flex gap-3 px-4 py-3', !note.read && 'bg-indigo-50/60 dark:bg-indigo-950/30')}>
      <Icon className={cn('mt-0.5 size-4 shrink-0', className)} aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium text-slate-900 dark:text-white">
          {!note.read && <span className="sr-only">{t('notifications.unreadMarker')} </span>}
          {note.title}
        </p>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">{note.message}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <time dateTime={note.timestamp} className="text-slate-600 dark:text-slate-400">
            {timeAgo(note.timestamp)}
          </time>
          {note.link?.startsWith('/') && (
            <Link
              to={note.link}
              onClick={note.read ? undefined : onRead}
              className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            >
              {t('notifications.open')}
            </Link>
          )}
          {!note.read && (
            <button
              type="button"
              onClick={onRead}
              disabled={reading}
              className="font-medium text-slate-600 hover:text-slate-900 hover:underline disabled:opacity-60 dark:text-slate-300 dark:hover:text-white"
              aria-label={t('notifications.markReadLabel', { title: note.title })}
            >
              {t('notifications.markRead')}
            </button>
          )}
        </div>
      </div>
      {!note.read && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600" aria-hidden />}
    </li>
  );
}

/**
 * The header's bell: unread count, a panel with the latest notifications, mark one or all read.
 * Polls every minute. The panel is a Radix Popover (a non-modal dialog): focus moves into it and
 * back to the bell, Escape or a click outside closes it.
 */
export function NotificationPopover() {
  const { t } = useTranslation();
  const countId = useId();
  const titleId = useId();
  const { pathname } = useLocation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  // Open only on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const unread = notifications.data?.unread ?? 0;
  const list = notifications.data?.notifications ?? [];

  return (
    <Popover.Root open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
      <Popover.Trigger
        aria-label={t('notifications.trigger')}
        aria-describedby={unread > 0 ? countId : undefined}
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            id={countId}
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold text-white"
          >
            <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
            <span className="sr-only">{t('notifications.unreadCount', { count: unread })}</span>
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={16}
          aria-labelledby={titleId}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
              {t('notifications.title')}
            </h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending}
                className="text-xs font-medium text-indigo-700 hover:underline disabled:opacity-60 dark:text-indigo-300"
              >
                {t('notifications.markAll')}
              </button>
            )}
          </div>
          {notifications.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          ) : notifications.isError ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('notifications.loadFailed')}</p>
          ) : list.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('notifications.empty')}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
              {list.map((note) => (
                <NotificationItem
                  key={note.id}
                  note={note}
                  reading={markRead.isPending && markRead.variables === note.id}
                  onRead={() => markRead.mutate(note.id)}
                />
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
