import { Marked } from 'marked';

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

/**
 * A member's markdown as HTML, not yet sanitised (`sanitizeMarkdownHtml` does that). Needs no DOM,
 * so it also runs in a worker (markdown.worker.ts).
 */
export function markdownToHtml(source: string): string {
  return markdown.parse(source) as string;
}
