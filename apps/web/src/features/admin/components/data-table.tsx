import type { ComponentProps, ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** A card holding a scrollable table, or a spinner, an error or an empty message in its place. */
export function TableCard({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean;
  error?: string | null;
  /** Shown instead of the table when set. */
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      {loading ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : error ? (
        <p role="alert" className="p-10 text-center text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : empty ? (
        <p className="p-10 text-center text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <div className="overflow-x-auto">{children}</div>
      )}
    </Card>
  );
}

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full text-left text-sm', className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-slate-100 px-4 py-3 align-top dark:border-slate-800/70', className)} {...props} />;
}
