import { CURRENCY } from '@app/shared';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** Prices are USD (spec §1). */
export function formatMoney(amount: number): string {
  return money.format(amount);
}

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A date as 'May 31, 2026' (local time); an unreadable value comes back as given. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : day.format(date);
}

/** A file size for people: '512 B', '1.4 KB', '3.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
