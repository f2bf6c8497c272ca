import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { markdownToHtml } from './markdown-html';
import { proseClasses } from './markdown-prose';
import { sanitizeMarkdownHtml } from './markdown-sanitize';

/**
 * Renders a member's markdown to a sanitised DOM fragment: no scripts, no event handlers, only
 * http(s), mailto and relative links; `topHeadingLevel` as in `sanitizeMarkdownHtml`.
 */
export function renderMarkdown(source: string, topHeadingLevel?: number): DocumentFragment {
  return sanitizeMarkdownHtml(markdownToHtml(source), topHeadingLevel);
}

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
