import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { MarkdownAnswer, MarkdownRequest } from './markdown.worker';
import { proseClasses } from './markdown-prose';
import { sanitizeMarkdownHtml } from './markdown-sanitize';

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (html: string) => void; reject: (error: unknown) => void }>();

/** The markdown worker, started on first use; null where there is none (tests) or it failed to start. */
function markdownWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker !== 'function') return worker;
  try {
    worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module', name: 'markdown' });
  } catch {
    return worker;
  }
  worker.addEventListener('message', (event: MessageEvent<MarkdownAnswer>) => {
    pending.get(event.data.id)?.resolve(event.data.html);
    pending.delete(event.data.id);
  });
  // A worker that cannot load (a blocked script, an old browser) answers nothing: the main thread takes over.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const request of pending.values()) request.reject(event);
    pending.clear();
  });
  return worker;
}

/** `renderMarkdown`'s fragment, with the markdown parsed in a worker where there is one. */
export async function renderMarkdownOffThread(source: string, topHeadingLevel?: number): Promise<DocumentFragment> {
  const thread = markdownWorker();
  if (thread) {
    try {
      const html = await new Promise<string>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, source } satisfies MarkdownRequest);
      });
      return sanitizeMarkdownHtml(html, topHeadingLevel);
    } catch {
      // Rendered on the main thread below.
    }
  }
  return (await import('./markdown')).renderMarkdown(source, topHeadingLevel);
}

/**
 * `Markdown` for a text that need not show in the first frame (a product's description below its
 * buy box): `fallback` shows until the text is rendered, the parsing runs in a worker, so the page
 * stays responsive while it loads. Sanitised as `Markdown` is, and placed as nodes, never as a string.
 */
export function OffThreadMarkdown({
  source,
  className,
  topHeadingLevel,
  fallback,
}: {
  source: string;
  className?: string;
  topHeadingLevel?: number;
  fallback: ReactNode;
}) {
  const [rendered, setRendered] = useState<{ source: string; top?: number; fragment: DocumentFragment }>();
  useEffect(() => {
    let current = true;
    renderMarkdownOffThread(source, topHeadingLevel).then(
      (fragment) => {
        if (current) setRendered({ source, top: topHeadingLevel, fragment });
      },
      // The renderer's code could not load (offline): the plain text stays.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [source, topHeadingLevel]);
  const ready = rendered && rendered.source === source && rendered.top === topHeadingLevel ? rendered : undefined;
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ready) ref.current?.replaceChildren(ready.fragment.cloneNode(true));
  }, [ready]);
  if (!ready) return fallback;
  return <div ref={ref} className={cn(proseClasses, className)} />;
}
