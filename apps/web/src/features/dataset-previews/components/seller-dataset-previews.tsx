import { DATASET_SAMPLE_MAX, type OwnDatasetPreview } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useChooseDatasetSample } from '../api/choose-dataset-sample';
import { useSellerDatasetPreviews } from '../api/get-seller-dataset-previews';
import { ColumnStatsTable, SampleTable, useDatasetSummary } from './dataset-tables';

/**
 * The seller's previews of one product's data files: the reason when a file could not be read,
 * otherwise its statistics, which columns buyers see and which of the first rows are published.
 */
export function SellerDatasetPreviews({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const query = useSellerDatasetPreviews(productId);
  if (query.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('datasetPreview.seller.loading')}</p>;
  if (query.isError) {
    return <Alert tone="error">{translateMessage(errorMessage(query.error, t('datasetPreview.seller.loadFailed')))}</Alert>;
  }
  const previews = query.data.previews;
  if (previews.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t('datasetPreview.seller.none')}</p>;
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('datasetPreview.seller.hint')}</p>
      {previews.map((preview) =>
        preview.status === 'pending' ? (
          <PendingPreview key={preview.id} fileName={preview.file_name} />
        ) : preview.status === 'ready' ? (
          <PreviewChoice
            key={`${preview.id}-${preview.sample_rows.join()}-${preview.hidden_columns.join()}`}
            productId={productId}
            preview={preview}
          />
        ) : (
          <FailedPreview key={preview.id} preview={preview} />
        ),
      )}
    </div>
  );
}

/** A large file still being read after its upload. */
export function PendingPreview({ fileName }: { fileName: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
      <Spinner size="small" label={null} />
      {t('datasetPreview.seller.pending', { file: fileName })}
    </p>
  );
}

function FailedPreview({ preview }: { preview: OwnDatasetPreview }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={t('datasetPreview.seller.failed', { file: preview.file_name })}>
      {preview.failure ? translateMessage(preview.failure.message) : null}
      {preview.failure?.detail ? <span className="block font-mono text-xs break-all">{preview.failure.detail}</span> : null}
    </Alert>
  );
}

function PreviewChoice({ productId, preview }: { productId: string; preview: OwnDatasetPreview }) {
  const { t } = useTranslation();
  const summary = useDatasetSummary();
  const headingId = useId();
  const [rows, setRows] = useState<number[]>(preview.sample_rows);
  const [hidden, setHidden] = useState<string[]>(preview.hidden_columns);
  const choose = useChooseDatasetSample();
  const full = rows.length >= DATASET_SAMPLE_MAX;

  const toggleRow = (index: number) =>
    setRows((current) =>
      current.includes(index) ? current.filter((row) => row !== index) : [...current, index].sort((a, b) => a - b),
    );
  const toggleColumn = (name: string) =>
    setHidden((current) => (current.includes(name) ? current.filter((column) => column !== name) : [...current, name]));
  const save = () =>
    choose.mutate(
      { productId, previewId: preview.id, sample_rows: rows, hidden_columns: hidden },
      {
        onSuccess: () => notify.success(t('datasetPreview.seller.saved')),
        onError: (error) =>
          notify.error(t('datasetPreview.seller.saveFailed'), translateMessage(errorMessage(error, t('common.operationFailed')))),
      },
    );

  const names = preview.columns.map((column) => column.name);
  return (
    <article aria-labelledby={headingId}>
      <h4 id={headingId} className="font-semibold break-all text-slate-900 dark:text-white">
        {preview.file_name}
      </h4>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {summary(preview.format, preview.row_count, preview.columns.length)}
      </p>
      <ColumnStatsTable columns={preview.columns} caption={t('datasetPreview.statsCaption', { file: preview.file_name })} />

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('datasetPreview.seller.columnsLegend')}
        </legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {names.map((name) => (
            <label key={name} className="inline-flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={!hidden.includes(name)}
                onChange={() => toggleColumn(name)}
              />
              <span className="break-all">{name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">{t('datasetPreview.seller.rowsLegend')}</legend>
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400" aria-live="polite">
          {t('datasetPreview.seller.picked', { count: rows.length, max: DATASET_SAMPLE_MAX })}
        </p>
        <SampleTable
          columns={names}
          lead={t('datasetPreview.seller.publish')}
          caption={t('datasetPreview.seller.candidatesCaption', {
            count: preview.candidate_rows.length,
            file: preview.file_name,
          })}
          rows={preview.candidate_rows.map((cells, index) => ({
            key: String(index),
            cells,
            lead: (
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                aria-label={t('datasetPreview.seller.publishRow', { number: index + 1 })}
                checked={rows.includes(index)}
                disabled={full && !rows.includes(index)}
                onChange={() => toggleRow(index)}
              />
            ),
          }))}
        />
      </fieldset>
      <div className="mt-4 flex justify-end">
        <Button onClick={save} loading={choose.isPending}>
          {t('datasetPreview.seller.save')}
        </Button>
      </div>
    </article>
  );
}
