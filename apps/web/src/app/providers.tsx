import { NOTIFICATIONS } from '@app/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { i18n } from '@/lib/i18n';
import { clearCacheOnSessionChange } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

/** Everything the pages rely on, apart from the router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { theme } = useTheme();
  useEffect(() => clearCacheOnSessionChange(queryClient), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster
          visibleToasts={NOTIFICATIONS.maxVisible}
          position={NOTIFICATIONS.defaultPosition}
          duration={NOTIFICATIONS.defaultDurationMs}
          theme={theme}
          richColors
          closeButton
        />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
