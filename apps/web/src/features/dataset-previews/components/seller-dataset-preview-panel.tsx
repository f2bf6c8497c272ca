import { datasetFormatOf, type OwnProduct } from '@app/shared';
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SellerDatasetPreviews } from './seller-dataset-previews';

/** True when one of the product's files is a data file the server previews (CSV, TSV, JSON Lines, Parquet). */
export function hasDataFile(product: Pick<OwnProduct, 'files'>): boolean {
  return (product.files ?? []).some((file) => datasetFormatOf(file.file_name) !== null);
}

/**
 * The data preview of one of the seller's products, below their product list: it takes the focus
 * when it opens (its heading) and hands it back to the list's button when closed.
 */
export function SellerDatasetPreviewPanel({
  product,
  onClose,
}: {
  product: Pick<OwnProduct, 'id' | 'title'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the panel gets the focus back when it closes.
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const close = () => {
    onClose();
    if (opener.current?.isConnected) opener.current.focus();
  };
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <Card className="mt-6 p-5">
      <section aria-labelledby={headingId}>
        <div className="flex items-start justify-between gap-3">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
          >
            {t('datasetPreview.seller.heading', { title: product.title })}
          </h3>
          <Button variant="ghost" size="sm" onClick={close} aria-label={t('datasetPreview.seller.close')}>
            <X className="size-4" aria-hidden />
          </Button>
        </div>
        <div className="mt-3">
          <SellerDatasetPreviews productId={product.id} />
        </div>
      </section>
    </Card>
  );
}
