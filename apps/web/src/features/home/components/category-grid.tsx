import type { CategoryCount } from '@app/shared';
import { Bot, Boxes, BrainCircuit, Code, Database, type LucideIcon, MessageSquareText, Plug, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';

const ICONS: Record<string, LucideIcon> = {
  'ai-tools': Bot,
  scripts: Code,
  datasets: Database,
  apis: Plug,
  'ml-modules': Boxes,
  'prompt-packs': MessageSquareText,
  models: BrainCircuit,
};

const tileClasses = cn(
  'group flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 transition',
  'hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  'dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700',
);

export interface CategoryGridProps {
  /** Undefined while loading. */
  categories: CategoryCount[] | undefined;
  /** All approved products, for the last tile. */
  total: number | undefined;
}

/** Every category with its product count, each opening the filtered catalogue. */
export function CategoryGrid({ categories, total }: CategoryGridProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h2 id="categories-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('home.categoriesTitle')}
      </h2>
      {categories ? (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => {
            const Icon = ICONS[category.slug] ?? Boxes;
            return (
              <li key={category.slug}>
                <Link to={`/products?category=${encodeURIComponent(category.slug)}`} className={tileClasses}>
                  <Tile
                    icon={Icon}
                    name={categoryName(category.slug)}
                    count={t('home.productCount', { count: category.count })}
                  />
                </Link>
              </li>
            );
          })}
          <li>
            <Link to="/products" className={tileClasses}>
              <Tile
                icon={Store}
                name={t('home.allProducts')}
                count={total === undefined ? '' : t('home.productCount', { count: total })}
              />
            </Link>
          </li>
        </ul>
      ) : (
        <div aria-hidden className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity beyond their place
            <div key={index} className="h-[4.5rem] animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800/60" />
          ))}
        </div>
      )}
    </section>
  );
}

function Tile({ icon: Icon, name, count }: { icon: LucideIcon; name: string; count: string }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 group-hover:bg-indigo-600 group-hover:text-white dark:bg-indigo-950/60 dark:text-indigo-400">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900 dark:text-white">{name}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">{count}</span>
      </span>
    </>
  );
}
