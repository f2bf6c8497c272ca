import { Layers, Package, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

export interface CatalogueStatsProps {
  products: number | undefined;
  categories: number | undefined;
  /** Review-weighted average of the products the caller knows about; undefined when none has reviews. */
  averageRating: number | undefined;
}

/** The trust band under the hero: how much there is and how buyers rate it. */
export function CatalogueStats({ products, categories, averageRating }: CatalogueStatsProps) {
  const { t } = useTranslation();
  const stats = [
    { icon: Package, label: t('home.stats.products'), value: products === undefined ? undefined : formatNumber(products) },
    { icon: Layers, label: t('home.stats.categories'), value: categories?.toString() },
    {
      icon: Star,
      label: t('home.stats.rating'),
      value: averageRating === undefined ? undefined : `${averageRating.toFixed(1)} / 5`,
    },
  ];
  return (
    <section aria-label={t('home.stats.label')} className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
      <ul className="grid gap-4 rounded-3xl border border-slate-200 bg-white/80 p-6 shadow-sm backdrop-blur sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900/80">
        {stats.map(({ icon: Icon, label, value }) => (
          <li key={label} className="flex items-center gap-4 sm:justify-center">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600 dark:bg-violet-950/50 dark:text-violet-400">
              <Icon className="size-5" aria-hidden />
            </span>
            <p className="flex flex-col">
              <span className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
                {value ?? (
                  <span className="inline-block h-7 w-14 animate-pulse rounded bg-slate-200 align-middle dark:bg-slate-800" />
                )}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{label}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
