import { NEWSLETTER_STATUSES, type NewsletterStatus } from '@app/shared';
import { Download, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '@/components/list-toolbar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { inputClasses } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { saveBlob } from '@/lib/downloads';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useListFilters } from '@/lib/use-list-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { exportSubscribers, type SubscriberFilter, useSubscribers } from '../api/get-subscribers';

const STATUS_TONE: Record<NewsletterStatus, BadgeTone> = { pending: 'warning', confirmed: 'success', unsubscribed: 'neutral' };

/** /admin/newsletter: the subscriber list with filters and a CSV export. */
export function AdminNewsletterPage() {
  const { t } = useTranslation();
  const statusId = useId();
  const { filters, change, setPage } = useListFilters<SubscriberFilter>({ status: '', q: '', page: 1 });
  const [exporting, setExporting] = useState(false);
  const subscribers = useSubscribers(filters);
  const { items: list, pages } = usePagedList(subscribers, 'subscribers');

  const onExport = async () => {
    setExporting(true);
    try {
      saveBlob(await exportSubscribers(filters.status), 'newsletter-subscribers.csv');
    } catch (error) {
      notify.error(t('newsletter.admin.exportFailed'), errorMessage(error, t('common.operationFailed')));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Mail} title={t('newsletter.admin.title')} description={t('newsletter.admin.description')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('newsletter.admin.statusFilter')}
          </label>
          <select
            id={statusId}
            value={filters.status}
            onChange={(event) => change({ status: event.target.value as NewsletterStatus | '' })}
            className={cn(inputClasses, 'mt-1 h-10')}
          >
            <option value="">{t('newsletter.admin.all')}</option>
            {NEWSLETTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`newsletter.admin.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <ListSearch
          label={t('newsletter.admin.searchLabel')}
          placeholder={t('newsletter.admin.searchPlaceholder')}
          onSearch={(q) => change({ q })}
          submit="label"
          submitLabel={t('community.searchSubmit')}
          visibleLabel
          className="flex-1"
        />
        <Button onClick={onExport} disabled={exporting}>
          <Download className="mr-2 size-4" aria-hidden="true" />
          {t('newsletter.admin.export')}
        </Button>
      </div>
      {subscribers.data && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('newsletter.admin.total', { count: subscribers.data.total })}
        </p>
      )}
      <DataTable
        label={t('newsletter.admin.title')}
        loading={subscribers.isPending}
        error={subscribers.isError ? errorMessage(subscribers.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('newsletter.admin.empty') : null}
        minWidth="40rem"
      >
        <thead>
          <tr>
            <Th>{t('newsletter.admin.columns.email')}</Th>
            <Th>{t('newsletter.admin.columns.status')}</Th>
            <Th>{t('newsletter.admin.columns.registered')}</Th>
            <Th>{t('newsletter.admin.columns.created')}</Th>
            <Th>{t('newsletter.admin.columns.confirmed')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((row) => (
            <tr key={row.id}>
              <Td className="font-medium break-all text-slate-900 dark:text-white">{row.email}</Td>
              <Td>
                <Badge tone={STATUS_TONE[row.status]}>{t(`newsletter.admin.statuses.${row.status}`)}</Badge>
              </Td>
              <Td>{row.registered ? t('newsletter.admin.registered') : t('newsletter.admin.visitor')}</Td>
              <Td className="whitespace-nowrap">{formatDate(row.created_at)}</Td>
              <Td className="whitespace-nowrap">{row.confirmed_at ? formatDate(row.confirmed_at) : '–'}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination page={filters.page} pages={pages} onPageChange={setPage} label={t('newsletter.admin.pagination')} />
    </div>
  );
}
