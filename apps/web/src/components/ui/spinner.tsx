import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Spec §9 spinner sizes. */
const sizes = {
  small: 'size-4 border-2',
  medium: 'size-6 border-2',
  large: 'size-10 border-[3px]',
  'extra-large': 'size-14 border-4',
} as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  className?: string;
  /** Accessible name; omit inside something that already says it is busy. */
  label?: string | null;
}

export function Spinner({ size = 'medium', className, label }: SpinnerProps) {
  const { t } = useTranslation();
  const name = label === undefined ? t('common.loading') : label;
  const classes = cn(
    'inline-block animate-spin rounded-full border-current border-r-transparent text-indigo-600 dark:text-indigo-400',
    sizes[size],
    className,
  );
  return name ? <span role="status" aria-label={name} className={classes} /> : <span aria-hidden className={classes} />;
}

/** A whole-area loading state with a visible caption. */
export function LoadingScreen({ message }: { message: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <Spinner size="large" label={null} />
      <p className="text-sm text-slate-600 dark:text-slate-400">{message}</p>
    </div>
  );
}
