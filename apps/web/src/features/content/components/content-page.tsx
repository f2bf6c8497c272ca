import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';

export function ContentPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
      <DocumentTitle title={title} />
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {lead && <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{lead}</p>}
      <div className="mt-10 space-y-8 text-slate-700 dark:text-slate-300">{children}</div>
    </article>
  );
}
