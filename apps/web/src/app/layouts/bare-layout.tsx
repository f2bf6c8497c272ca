import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';

/** No header or footer: checkout success and not-found (spec §2). */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-16">
      <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
