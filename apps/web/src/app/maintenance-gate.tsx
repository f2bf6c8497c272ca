import { hasRole } from '@app/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-store';
import { usePublicSettings } from '@/lib/settings/public-settings';

/** Loaded only when the site is in maintenance. */
const MaintenanceScreen = lazy(async () => ({
  default: (await import('@/components/maintenance-screen')).MaintenanceScreen,
}));

/** The admin sign-in stays reachable, or nobody could switch maintenance off again. */
const OPEN_PATH = '/admin/login';

/** Spec §4 Maintenance mode: everyone but admins sees the maintenance screen, on every path except /admin/login. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  const auth = useAuth();
  const { pathname } = useLocation();

  if (!settings.data?.maintenance_mode || pathname === OPEN_PATH) return children;
  // Until the session is known an admin would briefly see the maintenance screen.
  if (auth.status === 'loading') return <LoadingScreen message={t('auth.guard.checking')} />;
  if (auth.status === 'authenticated' && hasRole(auth.user.role, ['admin'])) return children;
  return (
    <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
      <MaintenanceScreen siteName={settings.data.site_name || t('brand.full')} message={settings.data.maintenance_message} />
    </Suspense>
  );
}
