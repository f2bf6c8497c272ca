/**
 * Typo tolerance the way Meilisearch and Typesense define it, over the catalogue's own words:
 * a word of 5+ letters may carry 1 typo, of 9+ letters 2 (a typo is an inserted, deleted,
 * substituted or swapped letter), and the last query word also matches as a prefix. Candidates
 * come from a symmetric-delete index (every dictionary word with up to 2 letters deleted), so a
 * lookup costs a few map reads instead of a distance against every word.
 */
import { hashText } from '../../lib/hash-text';

export interface DictionaryWord {
  word: string;
  frequency: number;
}

/** One query word after correction: the dictionary words it stands for, best first. */
export interface CorrectedWord {
  query: string;
  /** The words searched for this query word with their typo counts, fewest typos first. */
  alternatives: { word: string; typos: number }[];
  /** True when the query word itself is not a dictionary word (nor a prefix of one, if last). */
  corrected: boolean;
}

export const MAX_ALTERNATIVES = 4;
const MAX_PREFIX_EXPANSIONS = 8;
/** Fuzzy prefixes are indexed up to this length; longer last words are corrected as whole words. */
const MAX_FUZZY_PREFIX = 8;
const MAX_WORD = 40;

export function allowedTypos(word: string): number {
  const length = [...word].length;
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** The query words search sees: lower-case runs of letters and digits (as the dictionary trigger cuts them). */
export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 10);
}

/** Damerau-Levenshtein distance (optimal string alignment), or max + 1 once it must exceed max. */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the edit matrix: two back (for a swap), the previous one and the current one.
  let before = new Int32Array(b.length + 1);
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] ?? max + 1;
}

function deletes(word: string, depth: number, into: Set<string>): Set<string> {
  into.add(word);
  if (depth === 0 || word.length <= 1) return into;
  for (let i = 0; i < word.length; i += 1) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!into.has(shorter)) deletes(shorter, depth - 1, into);
  }
  return into;
}

/** Deletes a dictionary word needs so every query word allowed to reach it can (2 for 7+ letters). */
function indexDepth(word: string): number {
  if (word.length >= 7) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

export class WordIndex {
  private readonly frequency = new Map<string, number>();
  private readonly sorted: string[];
  private readonly variants: VariantIndex;
  private readonly prefixVariants: VariantIndex;

  constructor(words: DictionaryWord[]) {
    for (const { word, frequency } of words) this.frequency.set(word, frequency);
    this.sorted = [...this.frequency.keys()].sort();
    const prefixes = new Set<string>();
    for (const word of this.sorted)
      for (let length = 4; length <= Math.min(word.length - 1, MAX_FUZZY_PREFIX + 1); length += 1)
        prefixes.add(word.slice(0, length));
    this.variants = new VariantIndex(this.sorted, (word) => deletes(word, indexDepth(word), new Set()));
    this.prefixVariants = new VariantIndex([...prefixes], (prefix) => deletes(prefix, 1, new Set()));
  }

  get size(): number {
    return this.sorted.length;
  }

  has(word: string): boolean {
    return this.frequency.has(word);
  }

  /** Dictionary words starting with `prefix`, most used first. */
  completions(prefix: string, limit: number): string[] {
    const found: string[] = [];
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i += 1) {
      const word = this.sorted[i] as string;
      if (!word.startsWith(prefix)) break;
      found.push(word);
    }
    return found.sort((a, b) => this.rank(b) - this.rank(a) || a.localeCompare(b)).slice(0, limit);
  }

  /** Dictionary words within `max` typos of `word`, fewest typos then most used first. */
  near(word: string, max: number): { word: string; typos: number }[] {
    return this.lookup(this.variants, word, max).map((found) => ({ word: found.word, typos: found.typos }));
  }

  /** Like near(), for words that may still be unfinished: matches the beginnings of dictionary words. */
  nearPrefixes(word: string, max: number): { word: string; typos: number }[] {
    if (word.length > MAX_FUZZY_PREFIX || max === 0) return [];
    return this.lookup(this.prefixVariants, word, 1);
  }

  private lookup(index: VariantIndex, word: string, max: number) {
    const seen = new Map<string, number>();
    for (const variant of deletes(word, max, new Set())) {
      for (const candidate of index.get(variant)) {
        if (seen.has(candidate)) continue;
        seen.set(candidate, typoDistance(word, candidate, max));
      }
    }
    return [...seen]
      .filter(([, typos]) => typos <= max)
      .map(([found, typos]) => ({ word: found, typos }))
      .sort((a, b) => a.typos - b.typos || this.rank(b.word) - this.rank(a.word) || a.word.localeCompare(b.word));
  }

  /** How often a word, or the words a prefix begins, are used (a prefix borrows its best completion's). */
  private rank(word: string): number {
    const known = this.frequency.get(word);
    if (known !== undefined) return known;
    const first = this.sorted[lowerBound(this.sorted, word)];
    return first?.startsWith(word) ? (this.frequency.get(first) ?? 0) : 0;
  }
}

/**
 * The symmetric-delete index: every variant (a word with letters deleted) → the words it came from.
 * Held as two sorted typed arrays of (hash of the variant, word number), not a map of strings: a
 * 6,600-word dictionary has ~500,000 variants, which as strings and arrays made ~54 MB of small
 * objects for every full GC to mark. A hash collision only adds candidates, and every candidate's
 * distance is computed exactly by lookup(), so answers are unchanged.
 */
class VariantIndex {
  private readonly hashes: Int32Array;
  private readonly owners: Int32Array;

  constructor(
    private readonly words: readonly string[],
    variantsOf: (word: string) => Set<string>,
  ) {
    // (unsigned hash, word number) packed in one float64 (32 + 20 bits, exact), sorted natively.
    if (words.length > OWNER_SPAN) throw new Error('too many words for the variant index');
    const keys: number[] = [];
    words.forEach((word, index) => {
      for (const variant of variantsOf(word)) keys.push((hashText(variant) >>> 0) * OWNER_SPAN + index);
    });
    const sorted = Float64Array.from(keys).sort();
    this.hashes = new Int32Array(sorted.length);
    this.owners = new Int32Array(sorted.length);
    sorted.forEach((key, i) => {
      this.hashes[i] = Math.floor(key / OWNER_SPAN) | 0;
      this.owners[i] = key % OWNER_SPAN;
    });
  }

  /** The words with this variant (and, rarely, some whose variant shares its hash). */
  get(variant: string): string[] {
    const hash = hashText(variant);
    // Sorted as unsigned: compare the same way.
    const hashes = this.hashes;
    let low = 0;
    let high = this.hashes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((hashes[middle] as number) >>> 0 < hash >>> 0) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < hashes.length && hashes[i] === hash; i += 1) found.push(this.words[this.owners[i] as number] as string);
    return found;
  }
}

/** Word numbers below this fit beside a 32-bit hash in a float64. */
const OWNER_SPAN = 2 ** 20;

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Corrects every query word on its own, before searching (so "lead scroing" becomes
 * "lead scoring" although "lead" matched as typed). The last word also counts as a prefix.
 */
export function correctQuery(index: WordIndex, words: string[]): CorrectedWord[] {
  return words.map((word, position) => correctWord(index, word, position === words.length - 1));
}

function correctWord(index: WordIndex, word: string, last: boolean): CorrectedWord {
  // The dictionary holds words of up to 40 letters; a longer one cannot be anyone's typo.
  if (word.length > MAX_WORD) return { query: word, alternatives: exact([word]), corrected: false };
  const typos = allowedTypos(word);
  if (index.has(word)) {
    const completions = last && word.length >= 2 ? index.completions(word, MAX_PREFIX_EXPANSIONS) : [];
    return { query: word, alternatives: exact([word, ...completions.filter((w) => w !== word)]), corrected: false };
  }
  if (last && word.length >= 2) {
    const completions = index.completions(word, MAX_PREFIX_EXPANSIONS);
    if (completions.length > 0) return { query: word, alternatives: exact(completions), corrected: false };
  }
  const near = index.near(word, typos);
  if (last) {
    for (const prefix of index.nearPrefixes(word, typos)) {
      const completed = index.completions(prefix.word, 1)[0];
      if (completed && !near.some((n) => n.word === completed)) near.push({ word: completed, typos: prefix.typos });
    }
    near.sort((a, b) => a.typos - b.typos);
  }
  if (near.length === 0) return { query: word, alternatives: exact([word]), corrected: false };
  return { query: word, alternatives: near.slice(0, MAX_ALTERNATIVES), corrected: true };
}

function exact(words: string[]): { word: string; typos: number }[] {
  return words.map((word) => ({ word, typos: 0 }));
}

/** The query as the corrections read it ("Did you mean"), or null when nothing was corrected. */
export function suggestion(corrected: CorrectedWord[]): string | null {
  if (!corrected.some((word) => word.corrected)) return null;
  return corrected.map((word) => (word.corrected ? word.alternatives[0]?.word : word.query)).join(' ');
}
