import { LANGUAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';

/**
 * Every language has every key of English, with the same {{placeholders}}. Only the locale files
 * present in this tree are checked: a language whose translation has not landed yet is listed
 * as skipped (and shows English at run time) rather than failing the build.
 */

const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
/** The server's messages are the shared catalogue's (packages/shared/src/messages), checked by server-messages.test.ts. */
const NAMESPACES = ['', '-legal', '-preferences', '-errors'] as const;
/** i18next plural suffixes: a language may lack `_one` (zh, ja) or add `_many`/`_few`/… (fr, es, …). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) flatten(item, `${prefix}[${index}]`, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}\u0000${key}` : key, out);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

/** The keys of `english` that `other` lacks, allowing for the other language's plural forms. */
function missingKeys(english: Flat, other: Flat): string[] {
  const stems = new Set([...other.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  return [...english.keys()].filter((key) => !other.has(key) && !(PLURAL.test(key) && stems.has(key.replace(PLURAL, ''))));
}

/** Keys `other` has that English no longer has (plural forms of an English key are fine). */
function staleKeys(english: Flat, other: Flat): string[] {
  const stems = new Set([...english.keys()].map((key) => key.replace(PLURAL, '')));
  return [...other.keys()].filter((key) => !english.has(key) && !(PLURAL.test(key) && stems.has(key.replace(PLURAL, ''))));
}

const others = LANGUAGES.filter((language) => language !== 'en');

describe('locale files', () => {
  it('English has every namespace', () => {
    for (const suffix of NAMESPACES) expect(files[`./en${suffix}.json`], `en${suffix}.json`).toBeDefined();
  });

  for (const language of others) {
    for (const suffix of NAMESPACES) {
      const file = `${language}${suffix}.json`;
      const present = files[`./${file}`] !== undefined;
      it.skipIf(!present)(`${file} has exactly the keys of en${suffix}.json with the same placeholders`, () => {
        const english = flatten(files[`./en${suffix}.json`]);
        const other = flatten(files[`./${file}`]);
        expect(missingKeys(english, other).map((key) => key.replaceAll('\u0000', '.'))).toEqual([]);
        expect(staleKeys(english, other).map((key) => key.replaceAll('\u0000', '.'))).toEqual([]);
        const broken = [...english]
          .filter(([key]) => other.has(key))
          .filter(([key, text]) =>
            placeholders(text)
              // A plural form may say the number in words ('Último día' for one).
              .filter((name) => !(name === 'count' && PLURAL.test(key)))
              .some((name) => !placeholders(other.get(key) ?? '').includes(name)),
          )
          .map(([key]) => key.replaceAll('\u0000', '.'));
        expect(broken).toEqual([]);
        const empty = [...other].filter(([, text]) => text.trim() === '').map(([key]) => key.replaceAll('\u0000', '.'));
        expect(empty).toEqual([]);
      });
    }
  }
});
