import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { loadSonner } from '@/lib/notify';
import { syncPreferencesWithAccount, usePreferences } from '@/lib/preferences';
import { clearCacheOnSessionChange } from '@/lib/query-client';
import { useHeaderClearance } from './header-clearance';

/** Loaded after the first page's own scripts: the first render does not wait for it. */
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Room between the header's lower edge and the first toast. */
const TOAST_GAP_PX = 12;

/** Everything the pages rely on, apart from the router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { currentTheme, notificationSettings } = usePreferences();
  // Toasts at the top start below the sticky header, never over the cart badge or the avatar.
  const belowHeader = useHeaderClearance() + TOAST_GAP_PX;
  useEffect(() => clearCacheOnSessionChange(queryClient), [queryClient]);
  useEffect(() => syncPreferencesWithAccount(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toaster
            visibleToasts={notificationSettings.maxCount}
            position={notificationSettings.position}
            offset={{ top: belowHeader }}
            mobileOffset={{ top: belowHeader }}
            duration={notificationSettings.defaultDuration}
            theme={currentTheme}
            richColors
            closeButton
          />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
