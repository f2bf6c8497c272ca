// Turns markdown into (unsanitised) HTML off the main thread: marked's first parse of a page costs
// ~40 ms of CPU on a fast machine (compiling its rules' regular expressions), several times that
// on a phone. The page sanitises the answer itself (markdown-sanitize.ts needs the DOM).
import { markdownToHtml } from './markdown-html';

export interface MarkdownRequest {
  id: number;
  source: string;
}

export interface MarkdownAnswer {
  id: number;
  html: string;
}

self.addEventListener('message', (event: MessageEvent<MarkdownRequest>) => {
  const { id, source } = event.data;
  self.postMessage({ id, html: markdownToHtml(source) } satisfies MarkdownAnswer);
});
