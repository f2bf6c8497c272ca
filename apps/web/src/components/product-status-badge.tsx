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
