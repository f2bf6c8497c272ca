import type { ReactNode } from 'react';

export function AuthPageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="mb-6 space-y-1.5 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {subtitle && <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
    </div>
  );
}
