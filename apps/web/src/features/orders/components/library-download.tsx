import type { PublicProduct } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Download, LibraryBig } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api-client';
import { downloadProductFiles } from '@/lib/downloads';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/**
 * Where "In your library" leads (/orders?download=<product id>): the product's files, with the
 * same download the order's line offers. The title comes from the public catalogue.
 */
export function LibraryDownload({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const product = useQuery({
    queryKey: ['products', 'library-title', productId],
    queryFn: () => api.get<PublicProduct>(`/products/${encodeURIComponent(productId)}`),
    retry: false,
  });
  const title = product.data?.title;

  const download = async () => {
    setBusy(true);
    try {
      await downloadProductFiles(productId, title ?? 'product');
    } catch (error) {
      notify.error(t('orders.downloadFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="library-download-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <div className="flex items-start gap-3">
        <LibraryBig className="mt-0.5 size-5 text-emerald-700 dark:text-emerald-400" aria-hidden />
        <div>
          <h2 id="library-download-title" className="font-semibold text-slate-900 dark:text-white">
            {title ? t('library.panelTitle', { title }) : t('library.inLibrary')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('library.panelText')}</p>
        </div>
      </div>
      <Button
        loading={busy}
        disabled={product.isPending}
        onClick={() => void download()}
        aria-label={title ? t('orders.downloadProduct', { title }) : undefined}
      >
        {!busy && <Download className="size-4" aria-hidden />}
        {t('orders.download')}
      </Button>
    </section>
  );
}
