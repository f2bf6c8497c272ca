import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

function messageOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : null;
}

/** Spec §2 app-level error screen; also what a failed lazy chunk (after a deploy) lands on. */
export function AppErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <section role="alert" className="max-w-md text-center">
        <TriangleAlert className="mx-auto size-14 text-amber-500" aria-hidden />
        <h1 className="mt-6 text-2xl font-bold text-slate-900 dark:text-white">{t('errors.somethingWentWrong')}</h1>
        <p className="mt-3 break-words text-slate-600 dark:text-slate-400">{messageOf(error) ?? t('errors.unexpected')}</p>
        <Button className="mt-8" size="lg" onClick={() => window.location.reload()}>
          {t('errors.tryAgain')}
        </Button>
      </section>
    </main>
  );
}
