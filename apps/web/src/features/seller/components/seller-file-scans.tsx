import type { OwnProduct, ScannedFile } from '@app/shared';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScanReasons, ScanVerdictBadge } from '@/components/file-scan';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useRemoveSellerProductFile } from '../api/remove-seller-product-file';

/**
 * The safety scan of each file of a seller's product, with the reasons; a file the scan found
 * dangerous can be removed here (the replacement is uploaded with Edit).
 */
export function SellerFileScans({ product }: { product: OwnProduct }) {
  const { t } = useTranslation();
  if (product.files.length === 0) return null;
  return (
    <ul aria-label={t('scan.heading')} className="mt-2 space-y-1.5">
      {product.files.map((file) => (
        <li key={file.id} className="text-xs">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="min-w-0 truncate text-slate-700 dark:text-slate-300">{file.file_name}</span>
            <ScanVerdictBadge verdict={file.scan_verdict} />
            {file.scan_verdict === 'dangerous' && <RemoveFileButton productId={product.id} file={file} />}
          </div>
          <ScanReasons reasons={file.scan_reasons} />
        </li>
      ))}
    </ul>
  );
}

function RemoveFileButton({ productId, file }: { productId: string; file: ScannedFile }) {
  const { t } = useTranslation();
  const remove = useRemoveSellerProductFile();
  const onClick = () =>
    remove.mutate(
      { productId, fileId: file.id },
      {
        onSuccess: () => notify.success(t('scan.seller.removed')),
        onError: (error) =>
          notify.error(t('scan.seller.removeFailed'), translateMessage(errorMessage(error, t('common.operationFailed')))),
      },
    );
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-6 px-1.5 text-red-600 dark:text-red-400"
      onClick={onClick}
      loading={remove.isPending}
      aria-label={t('scan.seller.removeLabel', { name: file.file_name })}
    >
      {!remove.isPending && <Trash2 className="size-3.5" aria-hidden />}
      {t('scan.seller.remove')}
    </Button>
  );
}
