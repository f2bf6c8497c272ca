import type { PublicDatasetPreview } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useDatasetPreviews } from '../api/get-dataset-previews';
import { ColumnStatsTable, SampleTable, useDatasetSummary } from './dataset-tables';

/**
 * "Data preview" on the product page: for each data file of a published product, its schema and
 * statistics and the sample rows the seller published. Nothing shows while it loads, when it fails
 * or when the product has no data file (most products have none).
 */
export function DatasetPreviews({ productId, published }: { productId: string; published: boolean }) {
  const { t } = useTranslation();
  const query = useDatasetPreviews(productId, published);
  const previews = query.data?.previews ?? [];
  if (!published || previews.length === 0) return null;
  return (
    <section aria-labelledby="dataset-preview-title" className="mt-10">
      <h2 id="dataset-preview-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('datasetPreview.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('datasetPreview.intro')}</p>
      {previews.map((preview, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the server's order; two files may share a name
        <PreviewOfFile key={`${index}-${preview.file_name}`} preview={preview} />
      ))}
    </section>
  );
}

function PreviewOfFile({ preview }: { preview: PublicDatasetPreview }) {
  const { t } = useTranslation();
  const summary = useDatasetSummary();
  const names = preview.columns.map((column) => column.name);
  return (
    <article className="mt-6">
      <h3 className="font-semibold break-all text-slate-900 dark:text-white">{preview.file_name}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {summary(preview.format, preview.row_count, preview.columns.length)}
      </p>
      {preview.columns.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('datasetPreview.noColumns')}</p>
      ) : (
        <>
          <ColumnStatsTable columns={preview.columns} caption={t('datasetPreview.statsCaption', { file: preview.file_name })} />
          {preview.sample.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('datasetPreview.noSample')}</p>
          ) : (
            <SampleTable
              columns={names}
              rows={preview.sample.map((cells, index) => ({ key: String(index), cells }))}
              caption={t('datasetPreview.sampleCaption', { count: preview.sample.length, file: preview.file_name })}
            />
          )}
        </>
      )}
    </article>
  );
}
