import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { useLeads } from '../api/get-leads';

const PAGE_SIZE = 20;

/** /admin/leads: who asked the shopping assistant for a custom chatbot, newest first. */
export function AdminLeadsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const leads = useLeads(page, PAGE_SIZE);
  const { items: list, pages } = usePagedList(leads, 'leads');
  return (
    <div className="space-y-6">
      <AdminPageHeader icon={MessageSquareText} title={t('chatbot.leads.title')} description={t('chatbot.leads.description')} />
      <DataTable
        label={t('chatbot.leads.title')}
        loading={leads.isPending}
        error={leads.isError ? errorMessage(leads.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('chatbot.leads.empty') : null}
        minWidth="40rem"
      >
        <thead>
          <tr>
            <Th>{t('chatbot.leads.columns.name')}</Th>
            <Th>{t('chatbot.leads.columns.email')}</Th>
            <Th>{t('chatbot.leads.columns.need')}</Th>
            <Th>{t('chatbot.leads.columns.received')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((lead) => (
            <tr key={lead.id}>
              <Td className="font-medium text-slate-900 dark:text-white">{lead.name}</Td>
              <Td>
                <a href={`mailto:${lead.email}`} className="text-indigo-600 hover:underline dark:text-indigo-400">
                  {lead.email}
                </a>
              </Td>
              <Td className="max-w-md whitespace-pre-line text-slate-700 dark:text-slate-300">{lead.need}</Td>
              <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(lead.created_at)}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination page={page} pages={pages} onPageChange={setPage} label={t('chatbot.leads.pagination')} />
    </div>
  );
}
