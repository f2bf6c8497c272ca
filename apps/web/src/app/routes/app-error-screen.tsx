import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { isChunkLoadError, reloadIntoNewVersion } from '@/lib/new-version-reload';

function messageOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : null;
}

/**
 * Spec §2 app-level error screen. A lazy page that cannot be fetched (the tab predates a deploy)
 * reloads once into the new version instead; only if that already happened moments ago does the
 * screen show, saying so in the reader's language.
 */
export function AppErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  // Decided once per error, also when StrictMode runs the effect twice.
  const decided = useRef<{ error: unknown; reloads: boolean } | null>(null);
  const [reloading, setReloading] = useState(stale);

  useEffect(() => {
    if (!stale) return;
    let decision = decided.current;
    if (decision === null || decision.error !== error) {
      decision = { error, reloads: reloadIntoNewVersion() };
      decided.current = decision;
    }
    setReloading(decision.reloads);
  }, [stale, error]);

  if (reloading) return <LoadingScreen message={t('common.loading')} />;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <section role="alert" className="max-w-md text-center">
        <TriangleAlert className="mx-auto size-14 text-amber-500" aria-hidden />
        <h1 className="mt-6 text-2xl font-bold text-slate-900 dark:text-white">{t('errors.somethingWentWrong')}</h1>
        <p className="mt-3 break-words text-slate-600 dark:text-slate-400">
          {stale ? t('errors.newVersion') : (messageOf(error) ?? t('errors.unexpected'))}
        </p>
        <Button className="mt-8" size="lg" onClick={() => window.location.reload()}>
          {t('errors.tryAgain')}
        </Button>
      </section>
    </main>
  );
}
