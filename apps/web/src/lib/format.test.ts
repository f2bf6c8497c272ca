import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatMoney, formatNumber } from './format';
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

  it('writes how long the server has run in its two largest units', async () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(7 * 60 + 30)).toBe('7m');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2h 5m');
    expect(formatDuration(2 * 3600 + 30)).toBe('2h');
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 59 * 60)).toBe('3d 4h');
    await switchLanguage('de');
    expect(plain(formatDuration(3 * 86_400 + 4 * 3600))).toBe('3 T 4h');
  });
});
