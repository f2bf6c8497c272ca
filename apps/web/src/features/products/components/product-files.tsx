import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { useProductFiles } from '../api/get-product-files';
import { fileTypeLabel } from '../lib/file-type';

/**
 * "What you get": every file a buyer of the product downloads, with its name, type and size, shown
 * before purchase. Below the first screen (the server's first paint does not include it); a product
 * the public cannot see yet (its seller or an admin looking at it) has no public file list.
 */
export function ProductFiles({ productId, published }: { productId: string; published: boolean }) {
  const { t } = useTranslation();
  const query = useProductFiles(productId, published);
  if (!published) return null;
  // The product stopped being public meanwhile: nothing to list.
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return null;

  const files = query.data?.files ?? [];
  const total = files.reduce((sum, file) => sum + file.size_bytes, 0);
  return (
    <section aria-labelledby="files-title" aria-busy={query.isPending} className="mt-10">
      <h2 id="files-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('products.detail.files.title')}
      </h2>
      {query.isPending ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('products.detail.files.loading')}</p>
      ) : query.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <p>{t('products.detail.files.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('errors.tryAgain')}
          </Button>
        </div>
      ) : files.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('products.detail.files.none')}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t('products.detail.files.summary', { count: files.length, size: formatBytes(total) })}
          </p>
          {query.data?.download_limit ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('products.detail.files.downloadLimit', { limit: query.data.download_limit })}
            </p>
          ) : null}
          <ul
            aria-label={t('products.detail.files.listLabel', { count: files.length })}
            className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
          >
            {files.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list in the server's order, where two files may share a name
              <li key={`${index}-${file.file_name}`} className="flex items-center gap-3 px-4 py-3">
                <FileText className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                <span className="min-w-0 flex-1 font-medium break-all text-slate-900 dark:text-white">{file.file_name}</span>
                <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  <span className="sr-only">{t('products.detail.files.type')} </span>
                  {fileTypeLabel(file.file_name, file.content_type) ?? t('products.detail.files.genericType')}
                </span>
                <span className="w-20 shrink-0 text-right text-slate-600 tabular-nums dark:text-slate-400">
                  <span className="sr-only">{t('products.detail.files.size')} </span>
                  {formatBytes(file.size_bytes)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
