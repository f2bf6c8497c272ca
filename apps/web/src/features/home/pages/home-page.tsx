import { ArrowRight, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { WordWrap } from '@/components/word-wrap';
import { useCategories } from '@/features/products/api/get-categories';
import { useProducts } from '@/features/products/api/get-products';
import { SearchBox } from '@/features/search/components/search-box';

const ROW = 8;
/** Searched as written (the catalogue is in English); each chip is labelled in the reader's language. */
const POPULAR_SEARCHES = ['chatbot', 'dataset', 'image', 'prompts'] as const;

const HomeSections = lazy(async () => ({ default: (await import('../components/home-sections')).HomeSections }));

export function HomePage() {
  const { t } = useTranslation();
  const featured = useProducts({ featured: true, limit: ROW });
  const newest = useProducts({ sort_by: 'created_at', sort_order: 'desc', limit: ROW });
  const topRated = useProducts({ sort_by: 'rating', sort_order: 'desc', limit: ROW });
  const categories = useCategories();
  const reasons = [
    { icon: ShieldCheck, key: 'reviewed' },
    { icon: Zap, key: 'instant' },
    { icon: Sparkles, key: 'sellers' },
  ] as const;

  return (
    <>
      <section className="relative">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgb(99_102_241/0.18),transparent),radial-gradient(40rem_20rem_at_90%_10%,rgb(139_92_246/0.15),transparent)]"
        />
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 text-center sm:px-6 lg:px-8 lg:pt-24">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-medium text-indigo-700 dark:border-indigo-900 dark:bg-slate-900/70 dark:text-indigo-300">
            <Sparkles className="size-3.5" aria-hidden />
            {t('home.eyebrow')}
          </p>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            <WordWrap text={t('home.title')} />{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
              <WordWrap text={t('home.titleAccent')} />
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-400">{t('home.subtitle')}</p>
          <SearchBox size="lg" className="mx-auto mt-10 max-w-2xl" />
          <p className="mt-4 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span>{t('home.popularSearches')}</span>
            {POPULAR_SEARCHES.map((term) => (
              <Link
                key={term}
                to={`/products?search=${encodeURIComponent(term)}`}
                className="rounded-full border border-slate-200 bg-white/70 px-3 py-1 text-slate-700 hover:border-indigo-300 hover:text-indigo-700 dark:border-slate-700 dark:bg-slate-900/70 dark:text-slate-300 dark:hover:text-indigo-300"
              >
                {t(`home.popular.${term}`)}
              </Link>
            ))}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/products" className={buttonClasses('outline', 'lg')}>
              {t('home.browse')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to="/seller" className={buttonClasses('ghost', 'lg')}>
              {t('home.sell')}
            </Link>
          </div>
        </div>
      </section>

      <Suspense fallback={<div className="min-h-[120rem]" aria-busy="true" />}>
        <HomeSections
          featured={featured.isError ? null : featured.data?.products}
          newest={newest.isError ? null : newest.data}
          topRated={topRated.isError ? null : topRated.data?.products}
          categories={categories.isError ? null : categories.data?.categories}
          onRetry={() => {
            for (const query of [featured, newest, topRated, categories]) if (query.isError) void query.refetch();
          }}
        />
      </Suspense>

      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="why-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {t('home.whyTitle')}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {reasons.map(({ icon: Icon, key }) => (
            <div key={key} className="rounded-2xl bg-slate-50 p-6 dark:bg-slate-900/60">
              <Icon className="size-6 text-violet-600 dark:text-violet-400" aria-hidden />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{t(`home.why.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(`home.why.${key}.text`)}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-r from-indigo-600 to-violet-600 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-2xl font-bold sm:text-3xl">{t('home.ctaTitle')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-100">{t('home.ctaText')}</p>
          <Link
            to="/register"
            className="mt-8 inline-flex h-12 items-center rounded-lg bg-white px-6 font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('home.ctaButton')}
          </Link>
        </div>
      </section>
    </>
  );
}
