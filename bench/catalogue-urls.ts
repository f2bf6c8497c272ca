// Distinct URLs for the catalogue benchmark's uncached targets: filter combinations with sorts
// (every one a different validated query, so none is answered by the page cache), and deep pages
// near the browsing depth.
import { CATEGORIES, LICENSES, PRODUCT_BROWSE_DEPTH } from '@app/shared';
import { random } from '../apps/api/src/db/seed/bulk-text';

const SORTS = [
  '',
  '&sort_by=price&sort_order=asc',
  '&sort_by=price&sort_order=desc',
  '&sort_by=rating',
  '&sort_by=popularity',
  '&sort_by=title&sort_order=asc',
  '&sort_by=created_at&sort_order=asc',
];

/** `count` distinct filter-and-sort combinations, shuffled (a fixed seed: runs are comparable). */
export function filterUrls(count: number, seed = 11): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const urls = new Set<string>();
  while (urls.size < count) {
    const parts: string[] = [];
    if (next() < 0.7) parts.push(`category=${pick(CATEGORIES).slug}`);
    if (next() < 0.4) parts.push(`license=${pick(LICENSES).slug}`);
    // Bench prices run from $5 to $204 (db/seed/bulk.ts).
    if (next() < 0.6) {
      const min = Math.floor(next() * 36) * 5;
      parts.push(`min_price=${min}`);
      if (next() < 0.6) parts.push(`max_price=${min + 10 + Math.floor(next() * 20) * 5}`);
    }
    if (next() < 0.4) parts.push(`min_rating=${pick([1, 2, 3, 4, 4.5])}`);
    if (next() < 0.1) parts.push('featured=true');
    if (next() < 0.2) parts.push(`page=${2 + Math.floor(next() * 9)}`);
    urls.add(`/api/v1/products/?${parts.join('&')}${pick(SORTS)}`);
  }
  return [...urls];
}

/**
 * `count` distinct pages (up to ~189,000) in the last half before the browsing depth (results 5,000
 * to 10,000): four page sizes, any category or none, any licence or none (at 1M products every such
 * list still reaches the depth), every sort.
 */
export function deepPageUrls(count: number, seed = 13): string[] {
  const next = random(seed);
  const urls = new Set<string>();
  while (urls.size < count) {
    const limit = [20, 25, 40, 50][Math.floor(next() * 4)] as number;
    const lastPage = PRODUCT_BROWSE_DEPTH / limit;
    const page = lastPage - Math.floor(next() * (lastPage / 2));
    const category = next() < 0.5 ? `&category=${CATEGORIES[Math.floor(next() * CATEGORIES.length)]?.slug}` : '';
    const license = next() < 0.5 ? `&license=${LICENSES[Math.floor(next() * LICENSES.length)]?.slug}` : '';
    const sort = SORTS[Math.floor(next() * SORTS.length)];
    urls.add(`/api/v1/products/?page=${page}&limit=${limit}${category}${license}${sort}`);
  }
  return [...urls];
}
