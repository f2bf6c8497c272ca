import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatShortDay } from '@/lib/format';

export interface BarDatum {
  /** A day as 'YYYY-MM-DD' (the statistics routes' `date`). */
  date: string;
  value: number;
}

const tones = {
  indigo: 'fill-indigo-500 dark:fill-indigo-400',
  emerald: 'fill-emerald-500 dark:fill-emerald-400',
  violet: 'fill-violet-500 dark:fill-violet-400',
  amber: 'fill-amber-500 dark:fill-amber-400',
} as const;

/** 'YYYY-MM-DD' as 'Nov 21', read as a calendar day (no time-zone shift). */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return formatShortDay(new Date(year, month - 1, day));
}

export interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  formatValue?: (value: number) => string;
  tone?: keyof typeof tones;
  className?: string;
}

/**
 * Values per day as plain SVG bars (no chart library). The SVG stretches to its box; every
 * text sits outside it in HTML so nothing is distorted. Screen readers get a one-line summary.
 */
export function BarChart({ title, data, formatValue = String, tone = 'indigo', className }: BarChartProps) {
  const { t } = useTranslation();
  const max = Math.max(0, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const best = data.reduce<BarDatum | null>((top, d) => (d.value > 0 && (!top || d.value > top.value) ? d : top), null);
  const width = Math.max(1, data.length) * 10;
  const summary = best
    ? t('charts.summary', { title, total: formatValue(total), best: formatValue(best.value), day: formatDay(best.date) })
    : t('charts.summaryEmpty', { title });
  const ticks = data.length > 2 ? [data[0], data[Math.floor(data.length / 2)], data[data.length - 1]] : data;

  return (
    <figure className={cn('space-y-3', className)}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900 dark:text-white">{title}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">{t('charts.total', { value: formatValue(total) })}</span>
      </figcaption>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
        <div
          className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-slate-500 dark:text-slate-400"
          aria-hidden
        >
          {/* A period without any: one 0 at the bottom, not a scale from 0 to 0. */}
          <span>{max > 0 ? formatValue(max) : ''}</span>
          <span>{formatValue(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="block h-40 w-full"
        >
          {[0, 50, 100].map((y) => (
            <line
              key={y}
              x1={0}
              x2={width}
              y1={y}
              y2={y}
              className="stroke-slate-200 dark:stroke-slate-800"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {data.map((d, index) => {
            const height = max > 0 ? (d.value / max) * 100 : 0;
            return (
              <rect key={d.date} x={index * 10 + 1.5} width={7} y={100 - height} height={height} className={tones[tone]}>
                <title>{`${formatDay(d.date)}: ${formatValue(d.value)}`}</title>
              </rect>
            );
          })}
        </svg>
        <span aria-hidden />
        <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400" aria-hidden>
          {ticks.map((d) => (d ? <span key={d.date}>{formatDay(d.date)}</span> : null))}
        </div>
      </div>
    </figure>
  );
}
