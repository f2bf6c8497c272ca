import { CURRENCY } from '@app/shared';
import { activeLanguage, INTL_LOCALES } from './i18n';

/**
 * Numbers, prices and dates written the reader's way (the active language's `Intl` locale).
 * Prices stay USD in every language (spec §1): only the way they are written changes.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: (locale: string) => T,
): T {
  const locale = INTL_LOCALES[activeLanguage()];
  const id = `${locale}|${key}`;
  let formatter = cache.get(id) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    cache.set(id, formatter);
  }
  return formatter;
}

/** A USD price: '$1,234.50' in English, '1.234,50 $' in German, 'US$1,234.50' in Chinese. */
export function formatMoney(amount: number): string {
  return cached('money', (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY })).format(amount);
}

/** A count or figure with the locale's grouping: '12,345' / '12.345' / '12 345'. */
export function formatNumber(value: number): string {
  return cached('number', (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** A date as 'May 31, 2026' / '31 may 2026' / '2026年5月31日' (local time); an unreadable value comes back as given. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return cached('day', (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' })).format(
    date,
  );
}

/** A short day for chart axes: 'May 31' / '31 mai' / '5月31日'. */
export function formatShortDay(date: Date, timeZone?: string): string {
  return cached(
    `short-day|${timeZone ?? ''}`,
    (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone }),
  ).format(date);
}

/** '3 minutes ago' / 'hace 3 minutos' / '3 分钟前'. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return cached('relative', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(value, unit);
}

/** A file size for people: '512 B', '1.4 KB', '3.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const figure = cached(
    'one-decimal',
    (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  );
  return `${figure.format(value)} ${units[unit]}`;
}

const DURATION_UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

function formatUnit(unit: (typeof DURATION_UNITS)[number][0], amount: number): string {
  return cached(
    `duration-${unit}`,
    (locale) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }),
  ).format(amount);
}

/** How long something has run, in its largest unit and the next: '3d 4h', '2h 5m', '7m' (the locale's narrow units). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const found = DURATION_UNITS.findIndex(([, size]) => seconds >= size);
  const start = found === -1 ? DURATION_UNITS.length - 1 : found;
  const [largestUnit, largestSize] = DURATION_UNITS[start] as (typeof DURATION_UNITS)[number];
  const parts = [formatUnit(largestUnit, Math.floor(seconds / largestSize))];
  const next = DURATION_UNITS[start + 1];
  const rest = next ? Math.floor((seconds % largestSize) / next[1]) : 0;
  if (next && rest > 0) parts.push(formatUnit(next[0], rest));
  return parts.join(' ');
}
