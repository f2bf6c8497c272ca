import DOMPurify from 'dompurify';

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
 * The HTML of `markdownToHtml` as a sanitised DOM fragment: no scripts, no event handlers, only
 * http(s), mailto and relative links. `topHeadingLevel` moves the headings so that the highest
 * becomes that level, the others keeping their distance below it (h6 at most), for text shown under
 * a page's own headings: an author's `#` never makes a second h1, and `###` under the page's h2 is
 * not pushed down to h4 (which would skip a level).
 */
export function sanitizeMarkdownHtml(html: string, topHeadingLevel?: number): DocumentFragment {
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
