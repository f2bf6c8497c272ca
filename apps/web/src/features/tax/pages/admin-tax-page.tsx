import { ISO_COUNTRY_CODES, type TaxRateView, taxRateInputSchema, US_STATE_CODES } from '@app/shared';
import { Download, Landmark, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { englishMessage, translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { downloadTaxReportCsv, useTaxReport } from '../api/get-tax-report';
import { useDeleteTaxRate, useSaveTaxRate, useTaxRates } from '../api/tax-rates';

interface Draft {
  id?: string;
  country: string;
  region: string;
  rate: string;
  label: string;
}

const EMPTY: Draft = { country: '', region: '', rate: '', label: 'VAT' };
type DraftErrors = Partial<Record<'country' | 'region' | 'rate' | 'label', string>>;

/** Country names in the admin's language. */
function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    return (code: string) => names.of(code) ?? code;
  }, [language]);
}

/**
 * /admin/tax: the tax rates the admin keeps (country, US state, rate, label) and the monthly tax
 * report per billing country with its CSV (docs/decisions/0044). Orders keep the rate they charged.
 */
export function AdminTaxPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <AdminPageHeader icon={Landmark} title={t('tax.admin.title')} description={t('tax.admin.description')} />
      <TaxRatesSection />
      <TaxReportSection />
    </div>
  );
}

function TaxRatesSection() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const rates = useTaxRates();
  const save = useSaveTaxRate();
  const remove = useDeleteTaxRate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [deleting, setDeleting] = useState<TaxRateView | null>(null);
  const countries = useMemo(
    () => ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name)),
    [countryName],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { country: draft.country, region: draft.region, rate: draft.rate, label: draft.label };
    const parsed = taxRateInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof DraftErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ ...input, ...(draft.id && { id: draft.id }) });
      notify.success(t(draft.id ? 'tax.admin.updated' : 'tax.admin.created'));
      setDraft(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        const found: DraftErrors = {};
        for (const { field, message, messageId } of error.fieldErrors) {
          found[field as keyof DraftErrors] = (messageId && englishMessage(messageId)) || message;
        }
        setErrors(found);
      } else {
        notify.error(t('tax.admin.saveFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
      }
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('tax.admin.deleted'));
    } catch (error) {
      notify.error(t('tax.admin.saveFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    }
    setDeleting(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('tax.admin.ratesTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('tax.admin.ratesHint')}</p>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Field label={t('tax.admin.country')} error={errors.country}>
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={draft.country}
                onChange={(event) => setDraft({ ...draft, country: event.target.value, region: '' })}
              >
                <option value="">{t('tax.admin.chooseCountry')}</option>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name} ({code})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('tax.admin.state')} error={errors.region}>
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={draft.region}
                disabled={draft.country !== 'US'}
                onChange={(event) => setDraft({ ...draft, region: event.target.value })}
              >
                <option value="">{t('tax.admin.wholeCountry')}</option>
                {US_STATE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t('tax.admin.rate')}
            inputMode="decimal"
            value={draft.rate}
            error={errors.rate}
            onChange={(event) => setDraft({ ...draft, rate: event.target.value })}
          />
          <TextField
            label={t('tax.admin.label')}
            value={draft.label}
            maxLength={40}
            error={errors.label}
            onChange={(event) => setDraft({ ...draft, label: event.target.value })}
          />
          <div className="flex gap-2 lg:pt-7">
            <Button type="submit" loading={save.isPending}>
              {draft.id ? t('tax.admin.save') : t('tax.admin.add')}
            </Button>
            {draft.id && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setDraft(EMPTY);
                  setErrors({});
                }}
              >
                {t('common.cancel')}
              </Button>
            )}
          </div>
        </form>
        <DataTable
          label={t('tax.admin.ratesTitle')}
          loading={rates.isPending}
          error={rates.isError ? translateMessage(errorMessage(rates.error, t('common.operationFailed'))) : undefined}
          empty={rates.data?.rates.length === 0 ? t('tax.admin.noRates') : null}
          minWidth="36rem"
        >
          <thead>
            <tr>
              <Th>{t('tax.admin.country')}</Th>
              <Th>{t('tax.admin.state')}</Th>
              <Th className="text-right">{t('tax.admin.rate')}</Th>
              <Th>{t('tax.admin.label')}</Th>
              <Th className="text-right">
                <span className="sr-only">{t('tax.admin.actions')}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {(rates.data?.rates ?? []).map((rate) => (
              <tr key={rate.id}>
                <Td>
                  {countryName(rate.country)} ({rate.country})
                </Td>
                <Td>{rate.region ?? '—'}</Td>
                <Td className="text-right tabular-nums">{rate.rate}%</Td>
                <Td>{rate.label}</Td>
                <Td className="text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('tax.admin.editRate', { place: rate.region ? `${rate.country}-${rate.region}` : rate.country })}
                    onClick={() => {
                      setErrors({});
                      setDraft({
                        id: rate.id,
                        country: rate.country,
                        region: rate.region ?? '',
                        rate: String(rate.rate),
                        label: rate.label,
                      });
                    }}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('tax.admin.deleteRate', {
                      place: rate.region ? `${rate.country}-${rate.region}` : rate.country,
                    })}
                    onClick={() => setDeleting(rate)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <ConfirmDialog
          open={deleting !== null}
          title={t('tax.admin.deleteTitle')}
          description={t('tax.admin.deleteText', { place: deleting ? countryName(deleting.country) : '' })}
          confirmLabel={t('tax.admin.delete')}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      </CardContent>
    </Card>
  );
}

function TaxReportSection() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const [downloading, setDownloading] = useState(false);
  const report = useTaxReport(month);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadTaxReportCsv(month);
    } catch (error) {
      notify.error(t('tax.report.downloadFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setDownloading(false);
    }
  };
  const rows = report.data?.rows ?? [];
  const flagged = report.data?.flagged_orders ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('tax.report.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('tax.report.hint')}</p>
        <div className="flex flex-wrap items-end gap-4">
          <TextField
            label={t('tax.report.month')}
            type="month"
            fieldClassName="w-48"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          />
          <Button type="button" onClick={download} loading={downloading} disabled={!report.data}>
            <Download className="size-4" aria-hidden />
            {t('tax.report.downloadCsv')}
          </Button>
        </div>
        {report.isError && (
          <Alert tone="error">{translateMessage(errorMessage(report.error, t('common.operationFailed')))}</Alert>
        )}
        {!report.isError && (
          <DataTable
            label={t('tax.report.caption', { month })}
            loading={report.isPending}
            empty={report.data && rows.length === 0 ? t('tax.report.empty') : null}
            minWidth="52rem"
          >
            <thead>
              <tr>
                <Th>{t('tax.report.columns.country')}</Th>
                <Th className="text-right">{t('tax.report.columns.orders')}</Th>
                <Th className="text-right">{t('tax.report.columns.net')}</Th>
                <Th className="text-right">{t('tax.report.columns.tax')}</Th>
                <Th className="text-right">{t('tax.report.columns.gross')}</Th>
                <Th className="text-right">{t('tax.report.columns.refunds')}</Th>
                <Th className="text-right">{t('tax.report.columns.taxAfterRefunds')}</Th>
                <Th className="text-right">{t('tax.report.columns.grossAfterRefunds')}</Th>
                <Th className="text-right">{t('tax.report.columns.flagged')}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.country ?? 'none'}>
                  <Td>{row.country ? `${countryName(row.country)} (${row.country})` : t('tax.report.noCountry')}</Td>
                  <Td className="text-right tabular-nums">{row.orders}</Td>
                  <Td className="text-right tabular-nums">{formatMoney(row.net)}</Td>
                  <Td className="text-right tabular-nums">{formatMoney(row.tax)}</Td>
                  <Td className="text-right tabular-nums">{formatMoney(row.gross)}</Td>
                  <Td className="text-right tabular-nums">
                    {row.refunds > 0 ? `${row.refunds} · −${formatMoney(row.refunded_gross)}` : '0'}
                  </Td>
                  <Td className="text-right tabular-nums">{formatMoney(row.tax_after_refunds)}</Td>
                  <Td className="text-right tabular-nums">{formatMoney(row.gross_after_refunds)}</Td>
                  <Td className="text-right tabular-nums">{row.flagged}</Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {flagged.length > 0 && (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('tax.report.flaggedTitle')}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('tax.report.flaggedHint')}</p>
            <ul className="space-y-1 text-sm">
              {flagged.map((order) => (
                <li key={order.order_number} className="tabular-nums">
                  {order.order_number}:{' '}
                  {order.flag === 'card_country_mismatch'
                    ? t('tax.report.mismatch', { billing: order.billing_country ?? '—', card: order.card_country ?? '—' })
                    : t('tax.report.noBillingCountry')}{' '}
                  · {formatMoney(order.gross)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
