import type { LicenseState } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const TONE = { active: 'success', disabled: 'warning', refunded: 'danger' } as const;

/** Active / Disabled / Refunded. */
export function LicenseStateBadge({ state }: { state: LicenseState }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[state]}>{t(`licenses.state.${state}`)}</Badge>;
}

/** "2 of 3 activations", or "2 activations (unlimited)". */
export function useActivationsText() {
  const { t } = useTranslation();
  return ({ used, limit }: { used: number; limit: number | null }) =>
    limit === null ? t('licenses.activationsUnlimited', { count: used }) : t('licenses.activations', { used, limit });
}
