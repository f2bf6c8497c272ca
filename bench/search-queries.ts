// The long-tail search mix of the catalogue benchmark: distinct queries as real visitors type
// them, drawn from the same texts as the 100k bench catalogue (apps/api/src/db/seed/bulk-text.ts):
// one to four words, typos of every class, unfinished last words, filters, sorts and page 2.
import { bulkTextGenerator, FILLER_WORDS, random } from '../apps/api/src/db/seed/bulk-text';

const CATEGORIES = ['ai-tools', 'scripts', 'datasets', 'apis', 'ml-modules', 'prompt-packs', 'models'];
const SORTS = ['price&sort_order=asc', 'price&sort_order=desc', 'rating', 'popularity', 'created_at'];

function typo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)] as string;
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + letter + word.slice(at); // insert
    case 1:
      return word.slice(0, at) + word.slice(at + 1); // delete
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1); // substitute
    default:
      return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1); // transpose
  }
}

export interface QueryMix {
  urls: string[];
  /** How many of them carry a typo, a filter, a sort, an unfinished last word. */
  counts: Record<string, number>;
}

export function searchQueries(total: number, seed = 7): QueryMix {
  const next = random(seed);
  // The same generator and seed as the catalogue: people search for what is there.
  const texts = bulkTextGenerator();
  const urls = new Set<string>();
  const counts: Record<string, number> = { typo: 0, filter: 0, sort: 0, prefix: 0, multiword: 0 };
  while (urls.size < total) {
    const text = texts();
    const source = next() < 0.6 ? text.title : next() < 0.5 ? text.shortDescription : text.description;
    const all = source
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !FILLER_WORDS.has(w));
    if (all.length === 0) continue;
    const size = Math.min(all.length, next() < 0.4 ? 1 : next() < 0.6 ? 2 : next() < 0.8 ? 3 : 4);
    const start = Math.floor(next() * (all.length - size + 1));
    const words = all.slice(start, start + size);
    const tags: string[] = [];
    if (size > 1) tags.push('multiword');
    if (next() < 0.3) {
      const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5);
      const chosen = long[Math.floor(next() * long.length)];
      if (chosen) {
        words[chosen[1]] = typo(chosen[0], next);
        if (chosen[0].length >= 9 && next() < 0.3) words[chosen[1]] = typo(words[chosen[1]] as string, next);
        tags.push('typo');
      }
    }
    const last = words.at(-1) as string;
    if (next() < 0.15 && last.length > 4) {
      words[words.length - 1] = last.slice(0, 3 + Math.floor(next() * (last.length - 3)));
      tags.push('prefix');
    }
    let url = `/api/v1/products/?search=${encodeURIComponent(words.join(' '))}`;
    if (next() < 0.2) url += `&category=${CATEGORIES[Math.floor(next() * CATEGORIES.length)]}`;
    if (next() < 0.1) url += `&min_price=${5 * Math.floor(next() * 10)}&max_price=${60 + 20 * Math.floor(next() * 8)}`;
    if (next() < 0.1) url += `&min_rating=${1 + Math.floor(next() * 4)}`;
    if (/category|price|rating/.test(url)) tags.push('filter');
    if (next() < 0.15) {
      url += `&sort_by=${SORTS[Math.floor(next() * SORTS.length)]}`;
      tags.push('sort');
    }
    if (next() < 0.1) url += '&page=2';
    url += '&limit=20';
    if (urls.has(url)) continue;
    urls.add(url);
    for (const tag of tags) counts[tag] = (counts[tag] ?? 0) + 1;
  }
  return { urls: [...urls], counts };
}
