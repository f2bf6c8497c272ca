import type { OwnDatasetPreview } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useReviewDatasetPreviews } from '../api/get-review-dataset-previews';
import { ColumnStatsTable, SampleTable, useDatasetSummary } from './dataset-tables';
import { hasDataFile } from './seller-dataset-preview-panel';
import { PendingPreview } from './seller-dataset-previews';

/**
 * The data preview in the admin review panel: each data file's statistics and the rows its seller
 * publishes (as buyers will see them), the columns hidden from buyers, or why there is no preview.
 */
export function ReviewDatasetPreviews({ productId, files }: { productId: string; files: { file_name: string }[] }) {
  const { t } = useTranslation();
  const withData = hasDataFile({ files: files as never });
  const query = useReviewDatasetPreviews(productId, withData);
  if (!withData) return null;
  return (
    <section aria-labelledby="review-dataset-previews" className="space-y-2">
      <h3 id="review-dataset-previews" className="text-sm font-semibold text-slate-900 dark:text-white">
        {t('datasetPreview.title')}
      </h3>
      {query.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('datasetPreview.seller.loading')}</p>
      ) : query.isError ? (
        <Alert tone="error">{translateMessage(errorMessage(query.error, t('datasetPreview.seller.loadFailed')))}</Alert>
      ) : (
        query.data.previews.map((preview) => <ReviewedPreview key={preview.id} preview={preview} />)
      )}
    </section>
  );
}

function ReviewedPreview({ preview }: { preview: OwnDatasetPreview }) {
  const { t } = useTranslation();
  const summary = useDatasetSummary();
  if (preview.status === 'pending') return <PendingPreview fileName={preview.file_name} />;
  if (preview.status !== 'ready') {
    return (
      <Alert tone="error" title={t('datasetPreview.seller.failed', { file: preview.file_name })}>
        {preview.failure ? translateMessage(preview.failure.message) : null}
        {preview.failure?.detail ? <span className="block font-mono text-xs break-all">{preview.failure.detail}</span> : null}
      </Alert>
    );
  }
  const hidden = new Set(preview.hidden_columns);
  const shown = preview.columns.flatMap((column, position) => (hidden.has(column.name) ? [] : [position]));
  return (
    <article className="text-sm">
      <h4 className="font-medium break-all text-slate-900 dark:text-white">{preview.file_name}</h4>
      <p className="text-slate-600 dark:text-slate-400">{summary(preview.format, preview.row_count, preview.columns.length)}</p>
      {preview.hidden_columns.length > 0 && (
        <p className="text-slate-600 dark:text-slate-400">
          {t('datasetPreview.review.hidden', { columns: preview.hidden_columns.join(', ') })}
        </p>
      )}
      <ColumnStatsTable columns={preview.columns} caption={t('datasetPreview.statsCaption', { file: preview.file_name })} />
      <SampleTable
        columns={shown.map((position) => preview.columns[position]?.name ?? '')}
        rows={preview.sample_rows.map((index) => ({
          key: String(index),
          cells: shown.map((position) => preview.candidate_rows[index]?.[position] ?? null),
        }))}
        caption={t('datasetPreview.sampleCaption', { count: preview.sample_rows.length, file: preview.file_name })}
      />
    </article>
  );
}
