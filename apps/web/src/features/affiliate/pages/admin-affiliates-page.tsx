import { type AffiliateSettingsInput, affiliateSettingsSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { CheckboxField, TextField } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePagedList } from '@/lib/use-paged-list';
import { useAffiliateSettings, useUpdateAffiliateSettings } from '../api/affiliate-settings';
import { useAffiliateOverview } from '../api/get-affiliate-overview';

const FIELDS = ['enabled', 'commission_percent', 'cookie_days'] as const;

/** /admin/affiliates: the programme's settings and every member's referral figures. */
export function AdminAffiliatesPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Share2} title={t('affiliate.admin.title')} description={t('affiliate.admin.description')} />
      <ProgrammeSettings />
      <Overview />
    </div>
  );
}

function ProgrammeSettings() {
  const { t } = useTranslation();
  const settings = useAffiliateSettings();
  const update = useUpdateAffiliateSettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<AffiliateSettingsInput>({
    resolver: zodResolver(affiliateSettingsSchema),
    defaultValues: { enabled: true, commission_percent: 5, cookie_days: 30 },
  });

  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const max = settings.data?.max_commission_percent;
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        notify.success(t('affiliate.admin.saved'));
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        }
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('affiliate.admin.settingsTitle')}</CardTitle>
        <CardDescription>{t('affiliate.admin.settingsDescription', { max: max ?? '…' })}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(settings.error, t('common.operationFailed'))}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4">
            <CheckboxField label={t('affiliate.admin.enabled')} error={errors.enabled?.message} {...register('enabled')} />
            <TextField
              label={t('affiliate.admin.commission')}
              hint={t('affiliate.admin.commissionHint', { max: max ?? '…' })}
              type="number"
              step="0.01"
              min={0}
              max={max}
              error={errors.commission_percent?.message}
              {...register('commission_percent', { valueAsNumber: true })}
            />
            <TextField
              label={t('affiliate.admin.cookieDays')}
              hint={t('affiliate.admin.cookieDaysHint')}
              type="number"
              step="1"
              min={1}
              max={365}
              error={errors.cookie_days?.message}
              {...register('cookie_days', { valueAsNumber: true })}
            />
            {settings.data && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('affiliate.admin.updatedAt', { date: formatDate(settings.data.updated_at) })}
              </p>
            )}
            <div>
              <Button type="submit" disabled={!isDirty || update.isPending}>
                {t('affiliate.admin.save')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function Overview() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const overview = useAffiliateOverview(page);
  const { items: rows, total, pages } = usePagedList(overview, 'affiliates');
  const totals = overview.data?.totals;
  return (
    <section aria-labelledby="affiliate-overview-heading" className="space-y-3">
      <h2 id="affiliate-overview-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('affiliate.admin.overviewTitle')}
      </h2>
      {totals && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('affiliate.admin.totals', {
            count: total,
            clicks: totals.clicks,
            orders: totals.orders,
            sales: formatMoney(totals.sales),
            earnings: formatMoney(totals.earnings),
          })}
        </p>
      )}
      <DataTable
        label={t('affiliate.admin.overviewTitle')}
        loading={overview.isPending}
        error={overview.isError ? errorMessage(overview.error, t('common.operationFailed')) : null}
        empty={rows.length === 0 ? t('affiliate.admin.empty') : null}
        minWidth="44rem"
      >
        <thead>
          <tr>
            <Th>{t('affiliate.admin.member')}</Th>
            <Th>{t('affiliate.admin.code')}</Th>
            <Th className="text-right">{t('affiliate.admin.columns.clicks')}</Th>
            <Th className="text-right">{t('affiliate.admin.columns.orders')}</Th>
            <Th className="text-right">{t('affiliate.admin.columns.sales')}</Th>
            <Th className="text-right">{t('affiliate.admin.columns.earnings')}</Th>
            <Th className="text-right">{t('affiliate.admin.columns.pending')}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user_id}>
              <Td>
                <p className="font-medium">{row.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.email}</p>
              </Td>
              <Td className="font-mono">{row.code}</Td>
              <Td className="text-right tabular-nums">{row.clicks}</Td>
              <Td className="text-right tabular-nums">{row.orders}</Td>
              <Td className="text-right tabular-nums">{formatMoney(row.sales)}</Td>
              <Td className="text-right font-medium tabular-nums">{formatMoney(row.earnings)}</Td>
              <Td className="text-right tabular-nums">{formatMoney(row.earnings_pending)}</Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {pages > 1 && <Pagination page={page} pages={pages} onPageChange={setPage} label={t('affiliate.admin.overviewTitle')} />}
    </section>
  );
}
