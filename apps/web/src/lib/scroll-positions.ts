import type { Location } from 'react-router';

/** Where React Router's <ScrollRestoration/> keeps the positions (its default storage key). */
const POSITIONS_KEY = 'react-router-scroll-positions';

/**
 * The key a page's scroll position is kept under. React Router keys it by history entry, but the
 * first entry of every document is "default": scroll /terms down, type /products into the same tab,
 * and the new document took the old one's position (y≈1161). That entry is keyed by its path instead.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? firstEntryKey(location.pathname) : location.key;
}

/**
 * A document opened afresh (the address bar, a link from another site) starts at the top, as
 * browsers do; only a reload or Back/Forward into it returns to the kept position. Call before the
 * router renders, since <ScrollRestoration/> reads the positions once when it mounts.
 */
export function forgetScrollOfFreshDocument(): void {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  if ((entry as PerformanceNavigationTiming | undefined)?.type !== 'navigate') return;
  try {
    const positions = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, number>;
    delete positions[firstEntryKey(window.location.pathname)];
    sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    // Storage blocked or unreadable: no position is kept then either.
  }
}

function firstEntryKey(pathname: string): string {
  return `path:${pathname}`;
}
