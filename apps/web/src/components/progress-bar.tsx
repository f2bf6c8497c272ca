import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** 0 to 1. */
  value: number;
  label: string;
  /** Visible text beside the bar, for example 'Uploading… 40%'. */
  caption?: string;
  className?: string;
}

export function ProgressBar({ value, label, caption, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={cn('space-y-1.5', className)}>
      {caption && (
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-hidden>
          {caption}
        </p>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
