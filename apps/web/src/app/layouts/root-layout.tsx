import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingScreen } from '@/components/ui/spinner';
import { ReferralVisitTracker } from '@/features/affiliate/components/referral-visit-tracker';
import { scrollKey } from '@/lib/scroll-positions';
import { MaintenanceGate } from '../maintenance-gate';

/**
 * Above every layout: the default title, the maintenance gate, scroll restoration, a last Suspense
 * boundary for lazy layouts, and `?ref=` referral codes handed to the server.
 */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle />
      <MaintenanceGate>
        <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </MaintenanceGate>
      <ScrollRestoration getKey={scrollKey} />
      <ReferralVisitTracker />
    </>
  );
}
