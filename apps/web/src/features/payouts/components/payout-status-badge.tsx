import type { PayoutStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<PayoutStatus, BadgeTone> = {
  processing: 'info',
  paid: 'success',
  failed: 'danger',
  reversing: 'warning',
  reversed: 'neutral',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`payouts.status.${status}`)}</Badge>;
}
