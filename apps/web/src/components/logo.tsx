import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:text-white',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <Sparkles className="size-4.5" aria-hidden />
      </span>
      <span className="text-lg">
        {t('brand.name')}{' '}
        <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
          {t('brand.suffix')}
        </span>
      </span>
    </Link>
  );
}
