import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-400',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-950/60 dark:text-amber-400',
  emerald: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400',
  red: 'bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400',
  violet: 'bg-violet-50 text-violet-600 dark:bg-violet-950/60 dark:text-violet-400',
  slate: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
} as const;

export type StatTone = keyof typeof tones;

export interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: StatTone;
}

/**
 * One headline figure: an icon, a label and the number. Lists of them are a `dl`-free grid of `li`s.
 * In a narrow card the icon sits above the text, so that a long figure keeps the card's whole width
 * instead of breaking in the middle of a number.
 */
export function StatCard({ icon: Icon, label, value, hint, tone = 'indigo' }: StatCardProps) {
  return (
    <Card className="@container h-full p-5">
      <div className="flex h-full flex-col items-start gap-3 @min-[15rem]:flex-row @min-[15rem]:items-center @min-[15rem]:gap-4">
        <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl', tones[tone])}>
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 max-w-full">
          <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
          <p className="text-xl font-semibold break-words tabular-nums text-slate-900 dark:text-white">{value}</p>
          {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
        </div>
      </div>
    </Card>
  );
}

export interface StatCardGridItem extends StatCardProps {
  /** Makes the card a link to the page behind the figure. */
  to?: string;
}

export interface StatCardGridProps {
  /** Names the list, where no heading right above it already does. */
  label?: string;
  /** The grid's columns per breakpoint, e.g. `sm:grid-cols-2 xl:grid-cols-4`. */
  columns: string;
  stats: readonly StatCardGridItem[];
}

/** Headline figures side by side: a list of stat cards, each label said once. */
export function StatCardGrid({ label, columns, stats }: StatCardGridProps) {
  return (
    <ul aria-label={label} className={cn('grid gap-4', columns)}>
      {stats.map(({ to, ...stat }) => (
        <li key={stat.label} className="h-full">
          {to ? (
            <Link
              to={to}
              className="block h-full rounded-2xl transition-transform hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <StatCard {...stat} />
            </Link>
          ) : (
            <StatCard {...stat} />
          )}
        </li>
      ))}
    </ul>
  );
}
