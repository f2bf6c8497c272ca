/**
 * The answers the server wrote into the page for its first GET calls (a JSON block,
 * `<script type="application/json" id="initial-answers">`, keyed by API path): the catalogue a
 * first visit shows is in the HTML, so the first render does not wait for a request the script
 * would only start after it has loaded. Each answer is used once, by the first call for its path
 * made without a session, and only while the page is fresh.
 */

/** After this long an answer written into the page is too old to show instead of asking again. */
const FRESH_FOR_MS = 15_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById('initial-answers');
  if (!element?.textContent) return new Map();
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return typeof parsed === 'object' && parsed !== null ? new Map(Object.entries(parsed)) : new Map();
  } catch {
    return new Map();
  }
}

/** The server's answer for `path` (`/products/?limit=12`), once; undefined when there is none or it is stale. */
export function takeInitialAnswer(path: string): { body: unknown } | undefined {
  answers ??= readAnswers();
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  answers.delete(path);
  if (performance.now() > FRESH_FOR_MS) return undefined;
  return { body };
}

/** For a query's `initialData`: the server's answer for `path`, if the page holds a fresh one. */
export function initialAnswer<T>(path: string): T | undefined {
  return takeInitialAnswer(path)?.body as T | undefined;
}

/** Forgets whatever the page held (tests). */
export function resetInitialAnswers(): void {
  answers = undefined;
}
