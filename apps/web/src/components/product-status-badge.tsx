import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export type ProductStatus = 'pending' | 'approved' | 'rejected';

const tones: Record<ProductStatus, BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'danger' };

/** Where a product stands in review (spec §4 Product review). */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={tones[status] ?? 'neutral'} className="whitespace-nowrap">
      {t(`productStatus.${status}`)}
    </Badge>
  );
}

/** The review status, and for a rejected product the admin's reason (seller and simple-admin tables, moderation). */
export function ProductReviewStatus({ status, rejectionReason }: { status: ProductStatus; rejectionReason: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <ProductStatusBadge status={status} />
      {status === 'rejected' && rejectionReason && (
        <p className="mt-1.5 text-xs text-red-700 dark:text-red-400">{t('productStatus.reason', { reason: rejectionReason })}</p>
      )}
    </>
  );
}
