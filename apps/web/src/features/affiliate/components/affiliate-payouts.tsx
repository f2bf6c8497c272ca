import type { AffiliateDashboard } from '@app/shared';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PayoutAccountManager } from '@/features/payouts/components/payout-account-manager';
import { formatMoney } from '@/lib/format';
import {
  useAffiliatePayoutAccount,
  useDeleteAffiliatePayoutAccount,
  useSaveAffiliatePayoutAccount,
} from '../api/affiliate-payout-account';

/**
 * How commission reaches the member: released commission joins their payout balance, which the
 * payout run sends to their payout account (the same account a seller sets on the seller dashboard).
 */
export function AffiliatePayouts({ userId, dashboard }: { userId: string; dashboard: AffiliateDashboard }) {
  const { t } = useTranslation();
  const account = useAffiliatePayoutAccount(userId);
  const save = useSaveAffiliatePayoutAccount(userId);
  const remove = useDeleteAffiliatePayoutAccount(userId);
  const { payout } = dashboard;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5" aria-hidden />
          {t('affiliate.payout.title')}
        </CardTitle>
        <CardDescription>
          {t('affiliate.payout.description', { days: dashboard.hold_days, minimum: formatMoney(payout.minimum_payout) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('affiliate.payout.balance', {
            available: formatMoney(payout.available),
            inTransit: formatMoney(payout.in_transit),
            paidOut: formatMoney(payout.paid_out),
          })}
        </p>
        <PayoutAccountManager account={account} save={save} remove={remove} noAccountNote={t('affiliate.payout.noAccount')} />
      </CardContent>
    </Card>
  );
}
