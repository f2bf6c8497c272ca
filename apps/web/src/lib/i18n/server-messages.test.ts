import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectServerMessages } from '../../../../../scripts/server-messages.mjs';
import { switchLanguage, translateServerError } from '../i18n';
import english from './en-messages.json';

/**
 * Every fixed English message the API and the shared schemas can send has an exact translation
 * (found with the same extraction as `node scripts/server-messages.mjs`). That every language has
 * every key of en-messages.json, and nothing else, is checked by locales.test.ts.
 */

/** The repository root, wherever vitest was started in it. */
function repositoryRoot(from = process.cwd()): string {
  if (existsSync(join(from, 'scripts/server-messages.mjs'))) return from;
  if (dirname(from) === from) throw new Error('scripts/server-messages.mjs not found above the working directory');
  return repositoryRoot(dirname(from));
}

const { messages } = collectServerMessages(repositoryRoot());
const translated = english as Record<string, string>;

const files = import.meta.glob<Record<string, string>>('./*-messages.json', { eager: true, import: 'default' });

describe('server messages', () => {
  it('finds the messages of errors, route guards, zod checks, constants and problem-wording functions, not labels or SQL', () => {
    expect(messages.get('Product not found')).toBeDefined();
    expect(messages.get('Please log in to modify cart')).toBeDefined();
    expect(messages.get('Text must not contain NUL characters')).toBeDefined();
    // A zod message built from constants only is fixed: `Title must be at least ${FORUM_TITLE_MIN} characters`.
    expect(messages.get('Title must be at least 5 characters')).toBeDefined();
    expect(messages.get('At most 8 images')).toBeDefined(); // `${UPLOAD_LIMITS.image.maxCount}`
    // Worded by a function (`return 'text'`) or picked from a tuple (`const [status, detail] = …`).
    expect(messages.get('This order is already paid')).toBeDefined();
    expect(messages.get('The request is malformed')).toBeDefined();
    // A schema helper called with a label: text('Bank name', 120) words `${label} is required`, and
    // `min <= 1 ? … : …` is decided by the arguments, so no "at least 0 characters" for the bank name.
    expect(messages.get('Bank name is required')).toBeDefined();
    expect(messages.get('Account holder name must be at least 2 characters')).toBeDefined();
    expect([...messages.keys()].filter((text) => text.startsWith('Bank name must be at least'))).toEqual([]);
    expect(messages.get('First name')).toBeUndefined();
    expect(messages.get('No reviews yet')).toBeUndefined();
    expect([...messages.keys()].filter((text) => text.startsWith('SELECT '))).toEqual([]);
    expect(messages.size).toBeGreaterThan(300);
  });

  it('has every fixed server message in en-messages.json', () => {
    const missing = [...messages].filter(([text]) => !(text in translated)).map(([text, places]) => `${text} (${places[0]})`);
    expect(missing, 'run `node scripts/server-messages.mjs`, then add these to every {lng}-messages.json').toEqual([]);
  });

  it('leaves no server message in English in another language', () => {
    for (const [file, bundle] of Object.entries(files)) {
      if (file === './en-messages.json') continue;
      const untranslated = Object.entries(bundle).filter(([key, text]) => key === text);
      expect(
        untranslated.map(([key]) => key),
        file,
      ).toEqual([]);
    }
  });

  it('shows a specific server message in the reader’s language, not just the meaning of its code', async () => {
    await switchLanguage('de');
    expect(translateServerError('Please log in to modify cart', 'UNAUTHORIZED')).toBe(
      'Bitte melden Sie sich an, um den Warenkorb zu ändern',
    );
    await switchLanguage('ja');
    expect(translateServerError('This product is not in your cart', 'NOT_FOUND')).toBe('この商品はカートに入っていません');
  });
});
