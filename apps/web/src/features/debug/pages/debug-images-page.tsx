import { Bug, CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDebugChecks } from '../api/get-debug-checks';

const MANUAL_REQUESTS = ['/debug/check-uploads', '/debug/check-auth-token', '/test', '/simple-admin-test/status', '/health'];

function Presence({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return ok ? (
    <Badge tone="success">
      <CircleCheck className="mr-1 size-3.5" aria-hidden />
      {t('debug.exists')}
    </Badge>
  ) : (
    <Badge tone="danger">
      <CircleX className="mr-1 size-3.5" aria-hidden />
      {t('debug.missing')}
    </Badge>
  );
}

/** Spec §2 /debug-images: runs the debug checks on load and shows uploads, the first product's images and test links. */
export function DebugImagesPage() {
  const { t } = useTranslation();
  const checks = useDebugChecks();
  const turnedOff = checks.error instanceof ApiError && checks.error.status === 404;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6 lg:px-8">
      <DocumentTitle title={t('debug.title')} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-bold text-slate-900 dark:text-white">
            <Bug className="size-7 text-indigo-600 dark:text-indigo-400" aria-hidden />
            {t('debug.title')}
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t('debug.description')}</p>
        </div>
        <Button type="button" variant="outline" onClick={() => void checks.refetch()} loading={checks.isFetching}>
          <RefreshCw className="size-4" aria-hidden />
          {t('debug.refresh')}
        </Button>
      </header>

      {checks.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : turnedOff ? (
        <Alert tone="info">{t('debug.unavailable')}</Alert>
      ) : checks.isError ? (
        <Alert tone="error">{errorMessage(checks.error, t('common.operationFailed'))}</Alert>
      ) : (
        <>
          <section aria-labelledby="debug-checks" className="space-y-3">
            <h2 id="debug-checks" className="text-xl font-semibold text-slate-900 dark:text-white">
              {t('debug.checks')}
            </h2>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <dt className="font-medium text-slate-900 dark:text-white">{t('debug.uploads')}</dt>
                <dd className="mt-1 flex flex-wrap items-center gap-2 break-all">
                  <Presence ok={checks.data.uploads.uploads_exists} />
                  <code>{checks.data.uploads.uploads_path}</code>
                </dd>
              </div>
              <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <dt className="font-medium text-slate-900 dark:text-white">{t('debug.authToken')}</dt>
                <dd className="mt-1 break-all">
                  {t('debug.tokenValue', {
                    email: checks.data.token.user.email,
                    role: checks.data.token.user.role,
                    expires: checks.data.token.expires_at ? new Date(checks.data.token.expires_at).toLocaleTimeString() : '—',
                  })}
                </dd>
              </div>
              <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <dt className="font-medium text-slate-900 dark:text-white">{t('debug.apiTest')}</dt>
                <dd className="mt-1">
                  {checks.data.test.message} ({checks.data.test.environment}, {formatDate(checks.data.test.time)})
                </dd>
              </div>
              <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <dt className="font-medium text-slate-900 dark:text-white">{t('debug.simpleAdmins')}</dt>
                <dd className="mt-1">{t('debug.simpleAdminsValue', checks.data.simpleAdmins.simple_admins)}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="debug-first-product" className="space-y-3">
            <h2 id="debug-first-product" className="text-xl font-semibold text-slate-900 dark:text-white">
              {t('debug.firstProduct')}
            </h2>
            {checks.data.firstProduct ? (
              <>
                <p className="text-sm font-medium">{checks.data.firstProduct.title}</p>
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {checks.data.firstProduct.images.map((url) => (
                    <li key={url} className="space-y-2 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800">
                      <img
                        src={url}
                        alt=""
                        className="aspect-video w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                      />
                      <p className="break-all">
                        {t('debug.builtUrl')}: <code>{url}</code>
                      </p>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-sm">{t('debug.noProduct')}</p>
            )}
          </section>

          <section aria-labelledby="debug-files" className="space-y-3">
            <h2 id="debug-files" className="text-xl font-semibold text-slate-900 dark:text-white">
              {t('debug.files')}
            </h2>
            <DataTable
              label={t('debug.files')}
              empty={checks.data.uploads.files.length === 0 ? t('debug.noFiles') : null}
              minWidth="36rem"
            >
              <thead>
                <tr>
                  <Th>{t('debug.columns.file')}</Th>
                  <Th>{t('debug.columns.url')}</Th>
                  <Th>{t('debug.columns.status')}</Th>
                </tr>
              </thead>
              <tbody>
                {checks.data.uploads.files.map((file) => (
                  <tr key={file.url}>
                    <Td>{file.filename}</Td>
                    <Td className="break-all">
                      <a href={file.url} className="text-indigo-700 hover:underline dark:text-indigo-300">
                        {file.url}
                      </a>
                    </Td>
                    <Td>
                      <Presence ok={file.exists} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </section>
        </>
      )}

      <ManualRequests />
    </div>
  );
}

/** Manual tests: each sends its request with the admin's session and shows the JSON answer. */
function ManualRequests() {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ path: string; body: string } | null>(null);
  const run = async (path: string) => {
    try {
      setResult({ path, body: JSON.stringify(await api.get<unknown>(path), null, 2) });
    } catch (error) {
      setResult({ path, body: errorMessage(error, t('common.operationFailed')) });
    }
  };
  return (
    <section aria-labelledby="debug-manual" className="space-y-3">
      <h2 id="debug-manual" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('debug.manual')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {MANUAL_REQUESTS.map((path) => (
          <li key={path}>
            <Button type="button" size="sm" variant="outline" onClick={() => void run(path)}>
              {t('debug.run', { path })}
            </Button>
          </li>
        ))}
      </ul>
      {result && (
        <div aria-live="polite">
          <p className="text-sm font-medium">{t('debug.answer', { path: result.path })}</p>
          <pre className="mt-2 max-h-80 overflow-auto rounded-xl bg-slate-900 p-4 text-xs text-slate-100">{result.body}</pre>
        </div>
      )}
    </section>
  );
}
