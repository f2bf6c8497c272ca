import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { activeLanguage, loadLanguage, switchLanguage } from '@/lib/i18n';
import { resetInitialAnswers } from '@/lib/initial-answers';
import { reloadPreferencesFromBrowser } from '@/lib/preferences';

// The bundles are lazy in the app; tests render with English loaded up front.
await loadLanguage('en');

// Two cores shared with the API suite and PostgreSQL: give findBy/waitFor room before calling it a failure
// (the first admin page of a file loads the whole lazy admin bundle: 7–12 s in a loaded full run).
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks these; the app only needs them to exist.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => {};
// jsdom predates the HTML <search> element (2023) and makes it an HTMLUnknownElement, which React reports
// as a mistyped tag. Browsers make a plain HTMLElement; so does this.
const createElement = document.createElement.bind(document);
document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
  const element = createElement(tagName, options);
  if (element instanceof HTMLUnknownElement && element.localName === 'search')
    Object.setPrototypeOf(element, HTMLElement.prototype);
  return element;
}) as Document['createElement'];

/** STYLE.md habit 8: a stray console.error (a React warning, an unmocked request) fails the test. */
const originalError = console.error;
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
});

afterEach(async () => {
  cleanup();
  // Sonner replays still-active toasts to the next test's Toaster; forget them.
  toast.dismiss();
  console.error = originalError;
  authStore.reset();
  resetInitialAnswers();
  window.localStorage.clear();
  reloadPreferencesFromBrowser();
  if (activeLanguage() !== 'en') await switchLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
