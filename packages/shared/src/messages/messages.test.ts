import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../preferences';
import { indexByText, interpolate, pickText } from './format';
import { formatMessage, MESSAGE_CATALOGUE, MESSAGE_LANGUAGES, MESSAGES, type MessageId, messageIdOf } from './index';
import { loadMessageTable } from './load';

describe('message catalogue', () => {
  it('has the six languages, each with exactly the English ids', () => {
    expect(MESSAGE_LANGUAGES).toEqual(LANGUAGES);
    const ids = Object.keys(MESSAGE_CATALOGUE.en).sort();
    expect(ids.length).toBeGreaterThan(400);
    for (const language of LANGUAGES) expect(Object.keys(MESSAGE_CATALOGUE[language]).sort(), language).toEqual(ids);
  });

  it('gives each English text one id, so text → id is unique', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [id, text] of Object.entries(MESSAGES)) expect(messageIdOf(text)).toBe(id);
    expect(messageIdOf('First name is required')).toBe('auth.firstNameRequired');
    expect(messageIdOf('Not a message of ours')).toBeUndefined();
    expect(() => indexByText({ a: 'Same', b: 'Same' })).toThrow(/a and b/);
  });

  it('names ids in camelCase under a domain, the e-mail texts under mail.', () => {
    for (const id of Object.keys(MESSAGES)) expect(id).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z0-9]*)+$/);
    expect(Object.keys(MESSAGES).filter((id) => id.startsWith('mail.')).length).toBeGreaterThan(40);
  });

  it('fills {{placeholders}} once, as i18next does, and leaves unknown ones', () => {
    expect(interpolate('Hi {{name}}, {{ other }}', { name: 'Ann {{other}} $1' })).toBe('Hi Ann {{other}} $1, {{ other }}');
    expect(formatMessage('de', 'mail.hi', { name: 'Zoë' })).toBe('Hallo Zoë,');
    expect(formatMessage('ja', 'mail.lead.more', { count: 3 })).toBe('…ほか 3 件。');
    expect(formatMessage('en', 'catalog.productNotFound')).toBe('Product not found');
  });

  it('picks i18next plural forms by the language’s rules when a table has them', () => {
    const table = { 'x.items_one': 'One item', 'x.items_other': '{{count}} items', 'x.plain': 'Plain' };
    expect(pickText(table, 'en', 'x.items', { count: 1 })).toBe('One item');
    expect(pickText(table, 'en', 'x.items', { count: 2 })).toBe('{{count}} items');
    expect(pickText(table, 'ja', 'x.items', { count: 1 })).toBe('{{count}} items');
    expect(pickText(table, 'en', 'x.plain', { count: 2 })).toBe('Plain');
  });

  it('loads one language on demand with the same texts', async () => {
    expect(await loadMessageTable('fr')).toEqual(MESSAGE_CATALOGUE.fr);
    const id: MessageId = 'auth.firstNameRequired';
    expect((await loadMessageTable('zh'))[id]).toBe(MESSAGE_CATALOGUE.zh[id]);
  });
});
