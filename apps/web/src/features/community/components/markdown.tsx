import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Markdown without raw HTML: HTML a member types shows as text. */
const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    // Remote images would let a post track its readers; show the link instead.
    image: ({ href, text }) => `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`,
  },
});

const ALLOWED_TAGS = [
  'a',
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/**
 * Renders a member's markdown to a sanitised DOM fragment: no scripts, no event handlers, only
 * http(s), mailto and relative links. `topHeadingLevel` moves the headings so that the highest
 * becomes that level, the others keeping their distance below it (h6 at most), for text shown under
 * a page's own headings: an author's `#` never makes a second h1, and `###` under the page's h2 is
 * not pushed down to h4 (which would skip a level).
 */
export function renderMarkdown(source: string, topHeadingLevel?: number): DocumentFragment {
  const html = markdown.parse(source) as string;
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#)/i,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of clean.querySelectorAll('a')) {
    link.setAttribute('rel', 'nofollow noopener noreferrer ugc');
    link.setAttribute('target', '_blank');
  }
  if (topHeadingLevel !== undefined) placeHeadings(clean, topHeadingLevel);
  return clean;
}

function placeHeadings(fragment: DocumentFragment, top: number): void {
  const headings = [...fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const levelOf = (heading: Element) => Number(heading.tagName.slice(1));
  const shift = top - Math.min(...headings.map(levelOf));
  if (headings.length === 0 || shift === 0) return;
  for (const heading of headings) {
    const level = Math.min(6, levelOf(heading) + shift);
    const shifted = heading.ownerDocument.createElement(`h${level}`);
    shifted.replaceChildren(...heading.childNodes);
    heading.replaceWith(shifted);
  }
}

const proseClasses = cn(
  'break-words text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200',
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 dark:[&_blockquote]:text-slate-300',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm dark:[&_code]:bg-slate-800',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-800',
  '[&_h1]:mt-3 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold',
  '[&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2',
);

/** A post body: the sanitised nodes are placed directly, never as an HTML string. */
export function Markdown({
  source,
  className,
  topHeadingLevel,
}: {
  source: string;
  className?: string;
  topHeadingLevel?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(renderMarkdown(source, topHeadingLevel));
  }, [source, topHeadingLevel]);
  return <div ref={ref} className={cn(proseClasses, className)} />;
}
