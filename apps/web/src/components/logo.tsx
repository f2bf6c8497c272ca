import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useSiteName } from '@/lib/settings/public-settings';

/**
 * The site name an admin chose (settings), its first word plain and the rest in the brand gradient.
 * `nameClassName` styles the name, e.g. `sr-only sm:not-sr-only` to keep only the mark on phones.
 */
export function Logo({ className, nameClassName, to = '/' }: { className?: string; nameClassName?: string; to?: string }) {
  const siteName = useSiteName();
  const [first = siteName, ...rest] = siteName.split(/\s+/);
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-w-0 items-center gap-2 rounded-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:text-white',
        className,
      )}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <Sparkles className="size-4.5" aria-hidden />
      </span>
      <span className={cn('truncate text-lg', nameClassName)}>
        {first}
        {rest.length > 0 && (
          <>
            {' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
              {rest.join(' ')}
            </span>
          </>
        )}
      </span>
    </Link>
  );
}
