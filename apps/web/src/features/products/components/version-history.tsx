import { History } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { useVersionHistory } from '../api/get-version-history';

const Markdown = lazy(async () => ({ default: (await import('@/features/community/components/markdown')).Markdown }));

/**
 * The product page's version: the current one and its date, and the changelog of every released
 * version, newest first (decision 0038). Shown for products on sale only; nothing while it loads.
 */
export function VersionHistory({ productId, published }: { productId: string; published: boolean }) {
  const { t } = useTranslation();
  const history = useVersionHistory(published ? productId : undefined);
  if (!history.data) return null;
  const { current, versions } = history.data;
  return (
    <section aria-labelledby="version-history-title" className="mt-10">
      <h2 id="version-history-title" className="flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
        <History className="size-5 text-slate-400" aria-hidden />
        {t('versions.page.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t('versions.page.current', { label: current.label, date: formatDate(current.released_at) })}
      </p>
      {versions.length > 1 && (
        <ol className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
          {versions.map((version) => (
            <li key={version.label}>
              <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
                {t('versions.page.entry', { label: version.label, date: formatDate(version.released_at) })}
              </h3>
              {version.changelog ? (
                <Suspense fallback={<p className="mt-1 text-sm whitespace-pre-line">{version.changelog}</p>}>
                  <Markdown
                    source={version.changelog}
                    topHeadingLevel={4}
                    className="mt-1 text-sm text-slate-700 dark:text-slate-300"
                  />
                </Suspense>
              ) : (
                <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('versions.page.firstRelease')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
