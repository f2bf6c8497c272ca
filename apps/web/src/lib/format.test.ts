import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber } from './format';
import { switchLanguage } from './i18n';

// Intl puts a narrow no-break space in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(async () => {
  await switchLanguage('en');
});

describe('formatting for the reader’s language', () => {
  it('writes prices in USD the reader’s way', async () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    await switchLanguage('de');
    expect(plain(formatMoney(1234.5))).toBe('1.234,50 $');
    await switchLanguage('fr');
    expect(plain(formatMoney(1234.5))).toBe('1 234,50 $US');
    await switchLanguage('ja');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    await switchLanguage('zh');
    expect(formatMoney(1234.5)).toBe('US$1,234.50');
  });

  it('writes dates and figures the reader’s way', async () => {
    const day = new Date(2026, 4, 31);
    expect(formatDate(day)).toBe('May 31, 2026');
    expect(formatNumber(12345)).toBe('12,345');
    await switchLanguage('de');
    expect(formatDate(day)).toBe('31. Mai 2026');
    expect(formatNumber(12345)).toBe('12.345');
    await switchLanguage('ja');
    expect(formatDate(day)).toBe('2026年5月31日');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
