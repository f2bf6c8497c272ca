import type { ContactMessage } from '@app/shared';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePagedList } from '@/lib/use-paged-list';
import { type InboxFilter, useContactMessages } from '../api/get-contact-messages';
import { useMarkContactMessage } from '../api/mark-contact-message';

const PAGE_SIZE = 20;
const FILTERS: InboxFilter[] = ['open', 'handled', 'all'];

/** /admin/messages: what visitors sent through the contact form, newest first; admins mark each one handled. */
export function AdminMessagesPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<InboxFilter>('open');
  const [page, setPage] = useState(1);
  const messages = useContactMessages(filter, page, PAGE_SIZE);
  const { items: list, pages } = usePagedList(messages, 'messages');

  const choose = (next: InboxFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={Inbox}
        title={t('contact.inbox.title')}
        description={t('contact.inbox.description', { count: messages.data?.open ?? 0 })}
      />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('contact.inbox.filterLabel')}</legend>
        {FILTERS.map((option) => (
          <Button
            key={option}
            type="button"
            size="sm"
            variant={filter === option ? 'primary' : 'outline'}
            aria-pressed={filter === option}
            onClick={() => choose(option)}
          >
            {t(`contact.inbox.filters.${option}`)}
          </Button>
        ))}
      </fieldset>
      <DataTable
        label={t('contact.inbox.title')}
        loading={messages.isPending}
        error={messages.isError ? errorMessage(messages.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t(`contact.inbox.empty.${filter}`) : null}
        minWidth="48rem"
      >
        <thead>
          <tr>
            <Th>{t('contact.inbox.columns.from')}</Th>
            <Th>{t('contact.inbox.columns.message')}</Th>
            <Th>{t('contact.inbox.columns.received')}</Th>
            <Th>{t('contact.inbox.columns.status')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </tbody>
      </DataTable>
      <Pagination page={page} pages={pages} onPageChange={setPage} label={t('contact.inbox.pagination')} />
    </div>
  );
}

function MessageRow({ message }: { message: ContactMessage }) {
  const { t } = useTranslation();
  const mark = useMarkContactMessage();
  const toggle = () =>
    mark.mutate(
      { id: message.id, handled: !message.handled },
      {
        onSuccess: (saved) => notify.success(saved.handled ? t('contact.inbox.markedHandled') : t('contact.inbox.reopened')),
        onError: (error) => notify.error(t('common.operationFailed'), translateMessage(errorMessage(error, ''))),
      },
    );
  return (
    <tr className={cn(message.handled && 'opacity-75')}>
      <Td className="align-top">
        <p className="font-medium text-slate-900 dark:text-white">{message.name}</p>
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
          className="break-all text-indigo-600 hover:underline dark:text-indigo-400"
        >
          {message.email}
        </a>
      </Td>
      <Td className="max-w-xl align-top">
        <p className="font-medium text-slate-900 dark:text-white">{message.subject}</p>
        <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{message.message}</p>
      </Td>
      <Td className="whitespace-nowrap align-top text-slate-600 dark:text-slate-400">{formatDate(message.created_at)}</Td>
      <Td className="align-top">
        <div className="flex flex-col items-start gap-2">
          <Badge tone={message.handled ? 'success' : 'warning'}>
            {message.handled ? t('contact.inbox.handled') : t('contact.inbox.open')}
          </Badge>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="whitespace-nowrap"
            loading={mark.isPending}
            onClick={toggle}
            aria-label={`${message.handled ? t('contact.inbox.reopen') : t('contact.inbox.markHandled')}: ${message.subject}`}
          >
            {message.handled ? t('contact.inbox.reopen') : t('contact.inbox.markHandled')}
          </Button>
        </div>
      </Td>
    </tr>
  );
}
