import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';

/** Title, one line of context and optional actions at the top of every console page. */
export function AdminPageHeader({
  icon: Icon,
  title,
  description,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <DocumentTitle title={title} />
      <div>
        <h1 className="flex items-center gap-3 text-2xl font-bold text-slate-900 dark:text-white">
          <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {title}
        </h1>
        {description && <p className="mt-1 text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
