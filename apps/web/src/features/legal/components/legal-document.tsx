import { LEGAL } from '@app/shared';
import { ArrowUp } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { cn } from '@/lib/cn';
import { scrollBehavior } from '@/lib/preferences';
import { useActiveSection } from '../hooks/use-active-section';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { LEGAL_NAMESPACE } from '../i18n';

/**
 * A piece of a section's text: a paragraph, a sub-heading or a bulleted list. A sub-heading with
 * an `id` is a part other pages link to (/terms#affiliate-program).
 */
export type LegalBlock = string | { heading: string; id?: string } | { items: string[] };

export interface LegalSection {
  id: string;
  title: string;
  body: LegalBlock[];
  /** Shown after the text (the contact card). */
  extra?: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lead: string;
  dates: { effective: string; nextReview: string };
  sections: LegalSection[];
  notice?: ReactNode;
  related: { to: string; label: string };
}

/**
 * Spec §2 Legal pages: numbered sections with a sticky table of contents that highlights the
 * section at the top of the viewport, and a back-to-top button once the reader is 300 px down.
 */
export function LegalDocument({ title, lead, dates, sections, notice, related }: LegalDocumentProps) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  const ids = useMemo(() => sections.map((section) => section.id), [sections]);
  const [active, setActive] = useActiveSection(ids);
  const showBackToTop = useScrolledPast(LEGAL.backToTopPx);
  const anchors = anchorsKey(sections);
  const { hash } = useLocation();

  // Opened with a section or part in the address (/terms#payment-terms): go there once the text is
  // in place. Keyed on a string, not the sections array, so later renders do not scroll the reader back.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const section = id ? sectionOfAnchor(anchors, id) : null;
    if (!section) return;
    document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
    setActive(section);
  }, [hash, anchors, setActive]);

  const goToSection = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
    target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    setActive(id);
  };

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    document.getElementById('legal-title')?.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <DocumentTitle title={title} />
      <header className="max-w-3xl">
        <h1
          id="legal-title"
          tabIndex={-1}
          className="text-4xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
        >
          {title}
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{lead}</p>
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span>{t('page.effective', { date: dates.effective })}</span>
          <span>{t('page.version', { version: LEGAL.version })}</span>
          <span>{t('page.nextReview', { date: dates.nextReview })}</span>
        </p>
        {notice && <div className="mt-6">{notice}</div>}
      </header>
      <div className="mt-10 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-label={t('page.toc')}
          className="mb-10 rounded-2xl border border-slate-200 p-5 lg:sticky lg:top-24 lg:mb-0 lg:self-start dark:border-slate-800"
        >
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t('page.toc')}</h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  onClick={goToSection(section.id)}
                  aria-current={active === section.id ? 'location' : undefined}
                  className={cn(
                    'block rounded-lg px-3 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
                    active === section.id &&
                      'bg-indigo-50 font-medium text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300',
                  )}
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl space-y-12 text-slate-700 dark:text-slate-300">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2
                id={`${section.id}-title`}
                tabIndex={-1}
                className="text-2xl font-semibold text-slate-900 outline-none dark:text-white"
              >
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-7">
                {section.body.map((block, blockIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                  <LegalBlockView key={`${section.id}-${blockIndex}`} block={block} />
                ))}
              </div>
              {section.extra}
            </section>
          ))}
          <p className="border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
            {t('page.otherDocument')}:{' '}
            <Link to={related.to} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {related.label}
            </Link>
          </p>
        </div>
      </div>
      {showBackToTop && (
        <button
          type="button"
          onClick={backToTop}
          className="fixed bottom-4 left-4 z-40 flex items-center gap-2 rounded-full bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200 print:hidden"
        >
          <ArrowUp className="size-4" aria-hidden />
          {t('page.backToTop')}
        </button>
      )}
    </div>
  );
}

/** Every id the address may name (sections and their linked parts) with its section: 'part=section|…'. */
function anchorsKey(sections: LegalSection[]): string {
  return sections
    .flatMap((section) => [
      `${section.id}=${section.id}`,
      ...section.body.flatMap((block) =>
        typeof block === 'object' && 'heading' in block && block.id ? [`${block.id}=${section.id}`] : [],
      ),
    ])
    .join('|');
}

function sectionOfAnchor(anchorsKey: string, id: string): string | null {
  const entry = anchorsKey.split('|').find((pair) => pair.startsWith(`${id}=`));
  return entry ? entry.slice(id.length + 1) : null;
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('heading' in block) {
    return (
      <h3 id={block.id} className="scroll-mt-24 pt-2 text-lg font-semibold text-slate-900 dark:text-white">
        {block.heading}
      </h3>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
