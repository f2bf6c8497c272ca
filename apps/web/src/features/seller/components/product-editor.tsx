import type { ListedProduct, PublicProduct } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductForm } from '@/components/product-form/product-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { hasDataFile } from '@/features/dataset-previews/components/seller-dataset-preview-panel';
import { useDownloadLimitControl } from '@/features/downloads';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { scrollBehavior } from '@/lib/preferences';
import { useCreateSellerProduct } from '../api/create-seller-product';
import { useUpdateSellerProduct } from '../api/update-seller-product';

export interface ProductEditorProps {
  /** The product to edit; absent to add a new one. */
  product?: PublicProduct;
  onClose: () => void;
}

/** The product form in a card: create sends it for review, edit sends it back for review. */
export function ProductEditor({ product, onClose }: ProductEditorProps) {
  const { t } = useTranslation();
  const create = useCreateSellerProduct();
  const update = useUpdateSellerProduct();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
    heading.current?.focus();
  }, []);

  const saved = useRef<ListedProduct | null>(null);
  const downloadLimit = useDownloadLimitControl(product?.id);

  const onSubmit = async (formData: FormData, onProgress: (fraction: number) => void) => {
    saved.current = await (product
      ? update.mutateAsync({ id: product.id, formData, onProgress })
      : create.mutateAsync({ formData, onProgress }));
    // Saved beside the product (its own setting, like licence keys): the product is kept if this fails.
    await downloadLimit
      .saveFor(saved.current.product.id)
      .catch((error) => notify.error(t('seller.editor.downloadLimitFailed'), errorMessage(error, t('common.operationFailed'))));
    return saved.current;
  };

  // The files were scanned before the answer: say at once when one needs the seller's attention.
  const onSaved = () => {
    const files = saved.current?.product.files ?? [];
    const dangerous = files.filter((file) => file.scan_verdict === 'dangerous').length;
    if (dangerous > 0) {
      notify.error(t('scan.seller.uploadDangerous', { count: dangerous }), t('scan.seller.uploadDangerousText'));
    } else {
      notify.success(
        // An approved product's edit waits as a revision (or a small fix is live at once): the server's answer says which.
        product ? translateMessage(saved.current?.message ?? t('seller.editor.updated')) : t('seller.editor.created'),
        files.some((file) => file.scan_verdict === 'warning') ? t('scan.seller.uploadWarning') : t('seller.editor.reviewNote'),
      );
    }
    // Data files were previewed too: say where to choose what buyers see of them.
    if (hasDataFile({ files })) notify.info(t('datasetPreview.seller.uploaded'));
    onClose();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span ref={heading} tabIndex={-1} className="outline-none">
            {product ? t('seller.editor.editTitle', { title: product.title }) : t('seller.editor.createTitle')}
          </span>
        </CardTitle>
        <CardDescription>
          {product?.status === 'rejected' && product.rejection_reason
            ? t('seller.editor.rejectedNote', { reason: product.rejection_reason })
            : t('seller.editor.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ProductForm
          product={product}
          submitLabel={product ? t('productForm.submitEdit') : t('productForm.submitCreate')}
          onSubmit={onSubmit}
          onSaved={onSaved}
          onCancel={onClose}
          downloadLimit={downloadLimit}
        />
      </CardContent>
    </Card>
  );
}
