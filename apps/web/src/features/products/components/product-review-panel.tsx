import type { AdminProductFile, AdminProductReview } from '@app/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Download, FileText, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasDangerousFile, ScanReasons, ScanVerdictBadge } from '@/components/file-scan';
import { ProductReviewStatus } from '@/components/product-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Markdown } from '@/features/community/components/markdown';
import { ReviewDatasetPreviews } from '@/features/dataset-previews/components/review-dataset-previews';
import { errorMessage } from '@/lib/api-client';
import { categoryName } from '@/lib/catalog-names';
import { openSignedDownload } from '@/lib/downloads';
import { formatBytes, formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useAdminProduct } from '../api/get-admin-product';
import { useReviewFileLink } from '../api/get-review-file-link';
import { ListingCard } from './listing-card';

export interface ProductReviewPanelProps {
  /** The product under review; null when the panel is closed. */
  productId: string | null;
  onClose: () => void;
  onApprove: (product: AdminProductReview) => void;
  onReject: (product: AdminProductReview) => void;
  approving: boolean;
}

/**
 * What a buyer would get, shown to the admin before deciding: the whole description, every image
 * and every file, each downloadable (a side sheet on Radix Dialog: focus trapped, Escape closes).
 * A product without files cannot be approved (the server refuses it too).
 */
export function ProductReviewPanel({ productId, onClose, onApprove, onReject, approving }: ProductReviewPanelProps) {
  const { t } = useTranslation();
  const review = useAdminProduct(productId);
  const product = review.data?.id === productId ? review.data : undefined;

  return (
    <Dialog.Root open={productId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900 dark:text-white">
                {product ? t('admin.products.review.title', { title: product.title }) : t('admin.products.review.loading')}
              </Dialog.Title>
              {product && (
                <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                  {t('admin.products.review.meta', {
                    seller: product.seller_name,
                    category: categoryName(product.category),
                    price: formatMoney(product.price),
                    date: formatDate(product.created_at),
                  })}
                </p>
              )}
            </div>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('common.close')}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 space-y-6 overflow-y-auto px-6 py-5">
            {review.isError ? (
              <Alert tone="error" title={t('admin.products.review.loadFailed')}>
                {translateMessage(errorMessage(review.error, t('common.operationFailed')))}
              </Alert>
            ) : !product ? (
              <div className="flex justify-center py-10">
                <Spinner size="large" />
              </div>
            ) : (
              <ReviewBody product={product} />
            )}
          </div>
          {product && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-4 dark:border-slate-800">
              {product.status !== 'rejected' && (
                <Button variant="outline" className="text-red-600 dark:text-red-400" onClick={() => onReject(product)}>
                  <X className="size-4" aria-hidden />
                  {t('admin.products.rejectAction')}
                </Button>
              )}
              {product.status !== 'approved' && product.files.length > 0 && !hasDangerousFile(product.files) && (
                <Button onClick={() => onApprove(product)} loading={approving}>
                  <Check className="size-4" aria-hidden />
                  {t('admin.products.approve')}
                </Button>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReviewBody({ product }: { product: AdminProductReview }) {
  const { t } = useTranslation();
  return (
    <>
      <ProductReviewStatus status={product.status} rejectionReason={product.rejection_reason} />
      <section aria-labelledby="review-description" className="space-y-2">
        <h3 id="review-description" className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('admin.products.review.description')}
        </h3>
        {product.short_description && (
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{product.short_description}</p>
        )}
        {/*
          Rendered as buyers see it on the product page (the forum's safe markdown), with the same
          shift: the seller's highest heading one level below this section's h3 (the product page
          puts it under its h2 as an h3), so no heading skips a level.
        */}
        <Markdown
          source={product.description}
          topHeadingLevel={4}
          className="text-sm text-slate-600 dark:text-slate-400 [&_h4]:mt-3 [&_h4]:font-semibold [&_h5]:mt-2 [&_h5]:font-semibold [&_h6]:font-medium"
        />
      </section>
      <ListingCard card={product.card} license={product.license} headingLevel={3} />
      <section aria-labelledby="review-images" className="space-y-2">
        <h3 id="review-images" className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('admin.products.review.images', { count: product.images.length })}
        </h3>
        {product.images.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('admin.products.review.noImages')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {product.images.map((src, index) => (
              <li key={src}>
                <a href={src} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={src}
                    alt={t('admin.products.review.imageAlt', { title: product.title, number: index + 1 })}
                    className="aspect-video w-full rounded-lg border border-slate-200 object-cover dark:border-slate-800"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="review-files" className="space-y-2">
        <h3 id="review-files" className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('admin.products.review.files', { count: product.files.length })}
        </h3>
        {product.files.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-amber-700 dark:text-amber-400">
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {t('admin.products.review.noFiles')} {t('admin.products.review.cannotApprove')}
          </p>
        ) : (
          <ul
            aria-labelledby="review-files"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {product.files.map((file) => (
              <li key={file.id} className="px-3 py-2 text-sm">
                <div className="flex items-center gap-3">
                  <FileText className="size-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="min-w-0 flex-1 truncate text-slate-900 dark:text-white">{file.file_name}</span>
                  <ScanVerdictBadge verdict={file.scan_verdict} />
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
                    {formatBytes(file.size_bytes)}
                  </span>
                  <DownloadFileButton productId={product.id} file={file} />
                </div>
                <div className="pl-7">
                  <ScanReasons reasons={file.scan_reasons} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {hasDangerousFile(product.files) && (
          <p className="flex items-center gap-2 text-sm text-red-700 dark:text-red-400">
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {t('scan.dangerousBlocks')}
          </p>
        )}
      </section>
      <ReviewDatasetPreviews productId={product.id} files={product.files} />
    </>
  );
}

function DownloadFileButton({ productId, file }: { productId: string; file: AdminProductFile }) {
  const { t } = useTranslation();
  const link = useReviewFileLink();
  const download = () =>
    link.mutate(
      { productId, fileId: file.id },
      {
        onSuccess: ({ url }) => openSignedDownload(url, file.file_name),
        onError: (error) =>
          notify.error(
            t('admin.products.review.downloadFailed'),
            translateMessage(errorMessage(error, t('common.operationFailed'))),
          ),
      },
    );
  return (
    <Button
      variant="ghost"
      size="sm"
      className="shrink-0"
      onClick={download}
      loading={link.isPending}
      aria-label={t('admin.products.review.download', { name: file.file_name })}
    >
      {!link.isPending && <Download className="size-4" aria-hidden />}
    </Button>
  );
}
