import { FORUM_SEARCH_MAX, hasRole } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ListSearch } from '@/components/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { pathOf } from '@/lib/redirect';
import { usePagedList } from '@/lib/use-paged-list';
import { useForumCategories } from '../api/get-categories';
import { useThreads } from '../api/get-threads';
import { NewThreadForm } from '../components/new-thread-form';
import { OpenReports } from '../components/open-reports';
import { ThreadList } from '../components/thread-list';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product a "discuss this product" link named (`?product=<id>`), for the new-thread form. */
function useLinkedProduct(productId: string | null) {
  return useQuery({
    queryKey: ['community', 'linked-product', productId],
    queryFn: () => api.get<{ id: string; title: string }>(`/products/${encodeURIComponent(productId ?? '')}`),
    enabled: productId !== null && UUID.test(productId),
    staleTime: 60_000,
  });
}

/** /community: categories, search, the thread list and the new-thread form. */
export function CommunityPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const productId = params.get('product');
  const [composing, setComposing] = useState(productId !== null);
  const categories = useForumCategories();
  const threads = useThreads({ category, q, page });
  const { items: list, pages } = usePagedList(threads, 'threads');
  const product = useLinkedProduct(productId);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const tabs = [
    { slug: '', label: t('community.allCategories') },
    ...(categories.data?.categories ?? []).map((c) => ({
      slug: c.slug,
      label: t(`community.categories.${c.slug}`, { defaultValue: c.name }),
    })),
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <DocumentTitle title={t('community.title')} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t('community.title')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t('community.subtitle')}</p>
        </div>
        {auth.status === 'authenticated' ? (
          !composing && <Button onClick={() => setComposing(true)}>{t('community.newThread')}</Button>
        ) : (
          <Link
            to="/login"
            state={{ from: pathOf(location) }}
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {t('community.signInToPost')}
          </Link>
        )}
      </div>

      {hasRole(auth.user?.role, ['admin', 'simple_admin']) && <OpenReports />}

      {composing && auth.status === 'authenticated' && categories.data && (
        <section
          aria-labelledby="new-thread-title"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="new-thread-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
            {t('community.newThread')}
          </h2>
          <NewThreadForm
            categories={categories.data.categories}
            defaultCategory={category || (productId ? 'product-help' : undefined)}
            product={product.data ?? null}
            onCancel={() => {
              setComposing(false);
              if (productId) update({ product: null });
            }}
          />
        </section>
      )}

      <ListSearch
        label={t('community.searchLabel')}
        placeholder={t('community.searchPlaceholder')}
        onSearch={(text) => update({ q: text || null, page: null })}
        defaultValue={q}
        maxLength={FORUM_SEARCH_MAX}
        submit="icon"
        submitLabel={t('community.searchSubmit')}
        className="mt-8"
      />

      <nav aria-label={t('community.categoriesLabel')} className="mt-4 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <button
            key={tab.slug || 'all'}
            type="button"
            aria-pressed={category === tab.slug}
            onClick={() => update({ category: tab.slug || null, page: null })}
            className={cn(
              'rounded-full px-3 py-1.5 text-sm font-medium',
              category === tab.slug
                ? 'bg-indigo-600 text-white'
                : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
            )}
          >
            {tab.label}
          </button>
        ))}
      </nav>

      <section aria-label={t('community.threadsLabel')} className="mt-6">
        {threads.isPending ? (
          <Spinner label={t('common.loading')} className="py-16" />
        ) : threads.isError ? (
          <Alert tone="error">{errorMessage(threads.error, t('common.operationFailed'))}</Alert>
        ) : list.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {q ? t('community.noResults', { query: q }) : t('community.empty')}
          </p>
        ) : (
          <ThreadList threads={list} />
        )}
        <Pagination
          page={page}
          pages={pages}
          onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
          label={t('community.threadsPagination')}
          className="mt-6"
        />
      </section>
    </div>
  );
}
