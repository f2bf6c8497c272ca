import { Download, FileBarChart } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/field';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { downloadRevenueCsv, type ReportRange, useRevenueReport } from '../api/get-revenue-report';
import { PoolNav } from '../components/pool-nav';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function lastThirtyDays(): ReportRange {
  const end = new Date();
  return { start_date: isoDay(new Date(end.getTime() - 29 * 86_400_000)), end_date: isoDay(end) };
}

/** /admin/ai-pool/report: the pool's inflow, refunds and transfers per day of a range, as a table or CSV. */
export function AdminPoolReportPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportRange>(lastThirtyDays);
  const [range, setRange] = useState<ReportRange>(draft);
  const [downloading, setDownloading] = useState(false);
  const report = useRevenueReport(range);
  const backwards = draft.start_date > draft.end_date;

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (!backwards) setRange(draft);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadRevenueCsv(range);
    } catch (error) {
      notify.error(t('aiPool.report.downloadFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setDownloading(false);
    }
  };

  const days = report.data?.days ?? [];
  return (
    <div className="space-y-6">
      <AdminPageHeader icon={FileBarChart} title={t('aiPool.report.title')} description={t('aiPool.report.description')} />
      <PoolNav />
      <form onSubmit={show} noValidate className="flex flex-wrap items-end gap-4">
        <TextField
          label={t('aiPool.report.start')}
          type="date"
          fieldClassName="w-44"
          value={draft.start_date}
          onChange={(event) => setDraft({ ...draft, start_date: event.target.value })}
          error={backwards ? t('aiPool.report.backwards') : undefined}
          required
        />
        <TextField
          label={t('aiPool.report.end')}
          type="date"
          fieldClassName="w-44"
          value={draft.end_date}
          onChange={(event) => setDraft({ ...draft, end_date: event.target.value })}
          required
        />
        <Button type="submit" variant="secondary">
          {t('aiPool.report.show')}
        </Button>
        <Button type="button" onClick={download} loading={downloading} disabled={!report.data}>
          <Download className="size-4" aria-hidden />
          {t('aiPool.report.downloadCsv')}
        </Button>
      </form>
      {report.isError && <Alert tone="error">{translateMessage(errorMessage(report.error, t('common.operationFailed')))}</Alert>}
      {!report.isError && (
        <DataTable
          label={t('aiPool.report.caption', { start: range.start_date, end: range.end_date })}
          loading={report.isPending}
          empty={null}
          minWidth="36rem"
        >
          <thead>
            <tr>
              <Th>{t('aiPool.report.columns.date')}</Th>
              <Th className="text-right">{t('aiPool.report.columns.inflow')}</Th>
              <Th className="text-right">{t('aiPool.report.columns.refunds')}</Th>
              <Th className="text-right">{t('aiPool.report.columns.net')}</Th>
              <Th className="text-right">{t('aiPool.report.columns.transferred')}</Th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <Td className="whitespace-nowrap tabular-nums">{day.date}</Td>
                <Td className="text-right tabular-nums">{formatMoney(day.inflow)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(day.refunds)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(day.net)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(day.transferred)}</Td>
              </tr>
            ))}
          </tbody>
          {report.data && (
            <tfoot>
              <tr className="font-semibold text-slate-900 dark:text-white">
                <Td>{t('aiPool.report.total')}</Td>
                <Td className="text-right tabular-nums">{formatMoney(report.data.totals.inflow)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(report.data.totals.refunds)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(report.data.totals.net)}</Td>
                <Td className="text-right tabular-nums">{formatMoney(report.data.totals.transferred)}</Td>
              </tr>
            </tfoot>
          )}
        </DataTable>
      )}
    </div>
  );
}
