import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, collectServerMessages, readCatalogue } from '../../../../../scripts/server-messages.mjs';
import { messageIdIn, switchLanguage, translateMessage, translateServerError } from '../i18n';

/**
 * Every fixed English message the API and the shared schemas can send is a message of the shared
 * catalogue (packages/shared/src/messages), every language has every id, and the storefront
 * translates them by id (the same checks as `node scripts/server-messages.mjs`).
 */

/** The repository root, wherever vitest was started in it. */
function repositoryRoot(from = process.cwd()): string {
  if (existsSync(join(from, 'scripts/server-messages.mjs'))) return from;
  if (dirname(from) === from) throw new Error('scripts/server-messages.mjs not found above the working directory');
  return repositoryRoot(dirname(from));
}

const root = repositoryRoot();
const { messages } = collectServerMessages(root);
const catalogue = readCatalogue(root);

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

  it('has every fixed server message in the catalogue, and every id in the six languages', () => {
    expect(
      catalogueProblems(messages, catalogue),
      'run `node scripts/server-messages.mjs`, then give each new text an id in every packages/shared/src/messages/{lng}.json',
    ).toEqual([]);
  });

  it('reports a text the catalogue lacks, an id a language lacks or adds, and a dropped placeholder', () => {
    const english = { 'x.one': 'One {{name}}', 'x.two': 'Two' };
    const tables = {
      en: english,
      es: { 'x.one': 'Uno' },
      fr: english,
      de: english,
      zh: english,
      ja: { ...english, 'x.three': 'Drei' },
    };
    expect(catalogueProblems(new Map([['Three', ['here:1']]]), tables)).toEqual([
      'not in en.json: "Three"  (here:1)',
      'es.json lacks x.two',
      'es.json: x.one drops {{name}}',
      'ja.json has x.three, which en.json has not',
    ]);
  });

  it('leaves no server message in English in another language', () => {
    // Words that are the same in English and the other language (a receipt's "Total").
    const same = new Set(['mail.receipt.subtotal', 'mail.receipt.total', 'mail.lead.name', 'mail.lead.email']);
    for (const [language, table] of Object.entries(catalogue)) {
      if (language === 'en') continue;
      const untranslated = Object.entries(table).filter(([id, text]) => text === catalogue.en?.[id] && !same.has(id));
      expect(
        untranslated.map(([id]) => id),
        language,
      ).toEqual([]);
    }
  });

  it('shows a specific server message in the reader’s language by its id, not just the meaning of its code', async () => {
    await switchLanguage('de');
    expect(translateServerError('Please log in to modify cart', 'UNAUTHORIZED', 'cart.logModifyCart')).toBe(
      'Bitte melden Sie sich an, um den Warenkorb zu ändern',
    );
    // Without an id (an older server), the English text finds it.
    expect(translateServerError('Please log in to modify cart', 'UNAUTHORIZED')).toBe(
      'Bitte melden Sie sich an, um den Warenkorb zu ändern',
    );
    // An id this storefront does not know yet: the meaning of the code.
    expect(translateServerError('Some newer sentence', 'NOT_FOUND', 'orders.somethingNewer')).not.toBe('Some newer sentence');
    await switchLanguage('ja');
    expect(translateServerError('This product is not in your cart', 'NOT_FOUND')).toBe('この商品はカートに入っていません');
    // A shared schema's message on a form, by the id of its English text.
    expect(messageIdIn('First name is required')).toBe('auth.firstNameRequired');
    expect(translateMessage('First name is required')).toBe(catalogue.ja?.['auth.firstNameRequired']);
    expect(translateMessage('Not a catalogued sentence')).toBe('Not a catalogued sentence');
    await switchLanguage('en');
    expect(translateMessage('First name is required')).toBe('First name is required');
  });
});
