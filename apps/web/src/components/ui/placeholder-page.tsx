import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface PlaceholderPageProps {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}

/** A page whose real content arrives in a later issue: a title, a short note and an optional action. */
export function PlaceholderPage({ icon: Icon, title, description, children }: PlaceholderPageProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-400">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mx-auto mt-3 max-w-xl text-slate-600 dark:text-slate-400">{description}</p>
      {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
}
