import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({ icon: Icon, text, children }: { icon: LucideIcon; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <Icon className="size-8 text-slate-400" aria-hidden />
      <p className="text-sm text-slate-600 dark:text-slate-400">{text}</p>
      {children}
    </div>
  );
}
