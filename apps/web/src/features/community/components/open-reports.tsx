import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePagedList } from '@/lib/use-paged-list';
import { useForumMutation } from '../api/change-posts';
import { resolveReport, useOpenReports } from '../api/get-reports';

/** What members reported, for moderators: open the post, act on it, then mark the report resolved. */
export function OpenReports() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useOpenReports(page, true);
  const resolve = useForumMutation(resolveReport);
  const { items: list, total, pages } = usePagedList(reports, 'reports');
  if (list.length === 0) return null;

  return (
    <section
      aria-labelledby="open-reports-title"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900/60 dark:bg-amber-950/30"
    >
      <h2 id="open-reports-title" className="flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-200">
        <Flag className="size-4" aria-hidden="true" />
        {t('community.reports.title', { count: total })}
      </h2>
      <ul className="mt-3 space-y-2">
        {list.map((report) => (
          <li
            key={report.id}
            className="flex flex-col gap-2 rounded-xl bg-white p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900"
          >
            <div className="min-w-0 break-words [overflow-wrap:anywhere]">
              <Link
                to={`/community/threads/${report.thread_id}`}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {report.excerpt}
              </Link>
              <p className="text-slate-700 dark:text-slate-300">
                {t('community.reports.by', { name: report.reporter.name, date: formatDate(report.created_at) })}: {report.reason}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={resolve.isPending}
              onClick={() =>
                resolve.mutate(report.id, {
                  onError: (error) =>
                    notify.error(t('community.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed')))),
                })
              }
            >
              {t('community.reports.resolve')}
            </Button>
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} onPageChange={setPage} label={t('community.reports.pagination')} className="mt-3" />
    </section>
  );
}
