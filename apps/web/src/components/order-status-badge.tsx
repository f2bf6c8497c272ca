import type { OrderStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  payment_completed: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
  refunded: 'danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status] ?? 'neutral'}>{t(`orders.status.${status}`)}</Badge>;
}
