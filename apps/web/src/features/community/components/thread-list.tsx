import type { ForumThreadSummary } from '@app/shared';
import { Lock, MessageSquare, Pin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

/** A page of threads: title, category, author, replies and latest activity. */
export function ThreadList({ threads }: { threads: ForumThreadSummary[] }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {threads.map((thread) => (
        <li key={thread.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              {thread.is_pinned && (
                <Pin className="size-4 text-indigo-600 dark:text-indigo-400" aria-label={t('community.badges.pinned')} />
              )}
              {thread.is_locked && (
                <Lock className="size-4 text-amber-700 dark:text-amber-400" aria-label={t('community.badges.locked')} />
              )}
              <Link
                to={`/community/threads/${thread.id}`}
                className="font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline [overflow-wrap:anywhere] dark:text-white dark:hover:text-indigo-300"
              >
                {thread.title}
              </Link>
              {thread.is_hidden && <Badge tone="warning">{t('community.badges.hidden')}</Badge>}
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('community.startedBy', {
                name: thread.author.name,
                category: t(`community.categories.${thread.category_slug}`, { defaultValue: thread.category_slug }),
              })}
              {thread.product && <> · {thread.product.title}</>}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-4 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex items-center gap-1">
              <MessageSquare className="size-4" aria-hidden="true" />
              {t('community.replyCount', { count: thread.reply_count })}
            </span>
            <time dateTime={thread.last_activity_at}>{formatDate(thread.last_activity_at)}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}
