import type { MouseEvent, ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { scrollBehavior } from '@/lib/preferences';

export interface DashboardSection {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * The seller dashboard's parts, one after the other, with a list of them to jump to: a sticky
 * column beside them on wide screens, a row that scrolls sideways above them on phones. Every card
 * stays on the one page (nothing hides behind a tab), and /seller#seller-payouts opens at its part.
 */
export function DashboardSections({ sections }: { sections: DashboardSection[] }) {
  const { t } = useTranslation();
  const { hash } = useLocation();

  // Opened with a part in the address: go there once, when the page first renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hash the page opened with
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id && sections.some((section) => section.id === id)) document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, []);

  const goTo = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
    target.focus({ preventScroll: true });
  };

  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label={t('seller.sections.label')} className="mb-6 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 text-sm lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0 lg:pb-0">
          {sections.map((section) => (
            <li key={section.id} className="shrink-0">
              <a
                href={`#${section.id}`}
                onClick={goTo(section.id)}
                className="block rounded-lg border border-slate-200 px-3 py-1.5 whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:border-0 dark:border-slate-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-8">
        {sections.map((section) => (
          <div key={section.id} id={section.id} tabIndex={-1} className="scroll-mt-24 space-y-8 outline-none">
            {section.content}
          </div>
        ))}
      </div>
    </div>
  );
}
