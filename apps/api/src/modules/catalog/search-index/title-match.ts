import type { IndexData } from './index-data';
import type { PlannedQuery } from './matching';
import { lowerBound } from './position-lists';
import type { PostingLists } from './posting-lists';
import { addPostings, addSlot, hasSlot, SlotIntersection } from './slot-sets';

const LEADING_WORD_RUN = /^[0-9A-Za-z_]+/;

/**
 * The matching slots whose lower-cased title holds the query words in order, each at a word start
 * (the SQL path's `lower(title) ~ '\m(a|b).*\m(c|d)'`), also left in scratch.inTitle (and in
 * scratch.exactTitle when the title is the query itself). Only candidates are checked: a word
 * found at a word start begins a title token that starts with the word's leading run of word
 * characters, so the title token lists give a superset cheaply. When those lists are longer than
 * the matches, every match is checked instead.
 */
export function titleMatches(data: IndexData, planned: PlannedQuery, matches: Int32Array): number[] {
  const scratch = data.scratchSpace();
  const words = planned.titleWords;
  const exact = planned.exactTitles;
  const inTitle = scratch.inTitle;
  const exactTitle = scratch.exactTitle;
  inTitle.fill(0);
  exactTitle.fill(0);
  const found: number[] = [];
  const check = (slot: number) => {
    const title = data.titles[slot] as string;
    if (!titleHoldsWordsInOrder(title, words)) return;
    addSlot(inTitle, slot);
    if (title === exact[0] || title === exact[1]) addSlot(exactTitle, slot);
    found.push(slot);
  };
  const tokenLists = tokenListsOf(data, words);
  const titlePostings = data.titleTokens.postings;
  let work = 0;
  for (const tokens of tokenLists) for (const token of tokens) work += titlePostings.sizes[token] as number;
  if (work > 32 * matches.length) {
    for (let i = 0; i < matches.length; i += 1) check(matches[i] as number);
    return found;
  }
  // For one word made of word characters only, the candidates are exactly the title test: no text
  // to read but for the exact-title check, and only for titles of the right length.
  const exactLengths = exact.map((text) => [...text].length);
  const visit = isPlainWord(words)
    ? (slot: number) => {
        addSlot(inTitle, slot);
        const length = data.titleLength[slot] as number;
        if (exactLengths.includes(length)) {
          const title = data.titles[slot] as string;
          if (title === exact[0] || title === exact[1]) addSlot(exactTitle, slot);
        }
        found.push(slot);
      }
    : check;
  const { list } = candidatesAmong(data, tokenLists, new SlotIntersection([scratch.matched]));
  for (let i = 0; i < list.length; i += 1) visit(list[i] as number);
  return found;
}

/**
 * The title bucket's candidates among the slots of a set: those whose title has, for every word, a
 * token the word may begin (candidatesAmong()), and about how many there are (`postings`). `checked` is false when they are exactly the slots whose
 * title holds the words (one plain word), else each needs holdsWordsInOrder().
 */
export function titleCandidates(
  data: IndexData,
  planned: PlannedQuery,
  set: SlotIntersection,
): { candidates: Candidates; checked: boolean; postings: number } {
  const words = planned.titleWords;
  const tokenLists = tokenListsOf(data, words);
  const sizes = data.titleTokens.postings.sizes;
  // How many candidates to expect: the words' title postings as if independent (a title holds its
  // own words, so the matches narrow them little).
  let postings = data.size;
  for (const tokens of tokenLists)
    postings *= tokens.reduce((sum, token) => sum + (sizes[token] as number), 0) / Math.max(1, data.size);
  return { candidates: candidatesAmong(data, tokenLists, set), checked: !isPlainWord(words), postings };
}

/** Whether the slot's title holds the query words in order, each at a word start. */
export function holdsWordsInOrder(data: IndexData, planned: PlannedQuery, slot: number): boolean {
  return titleHoldsWordsInOrder(data.titles[slot] as string, planned.titleWords);
}

/** Per query word, the title tokens that start with one of its alternatives' leading run of word characters. */
function tokenListsOf(data: IndexData, words: string[][]): number[][] {
  return words.map((alternatives) => {
    const tokens = new Set<number>();
    for (const word of alternatives) {
      const run = word.match(LEADING_WORD_RUN)?.[0];
      if (run) for (const token of data.tokensStartingWith(run)) tokens.add(token);
    }
    return [...tokens];
  });
}

function isPlainWord(words: string[][]): boolean {
  return words.length === 1 && (words[0] as string[]).every((w) => w.match(LEADING_WORD_RUN)?.[0] === w);
}

/** The title bucket's candidates: the same slots as a set (for hasSlot()) and as an ascending list. */
export interface Candidates {
  set: Int32Array;
  list: Int32Array;
}

/**
 * The slots of `set` whose title holds, for every word, one of its tokens (scratch.titleCandidates
 * and its list). The word with the fewest postings leads: its slots in `set` are the first
 * candidates, and each other word keeps those found in its token lists, looked up from a cursor
 * per list that only moves forward (the candidates ascend too). Title token lists are a few
 * percent of the slots at most, so this reads a few ten thousand postings where bitsets of every
 * word would take passes over all the slots.
 */
function candidatesAmong(data: IndexData, tokenLists: number[][], set: SlotIntersection): Candidates {
  const scratch = data.scratchSpace();
  const bits = scratch.titleCandidates;
  const list = scratch.titleCandidateList;
  for (let i = 0; i < scratch.titleCandidateCount; i += 1) bits[(list[i] as number) >>> 5] = 0;
  const postings = data.titleTokens.postings;
  const totalOf = (tokens: number[]) => tokens.reduce((sum, token) => sum + (postings.sizes[token] as number), 0);
  const [leading, ...others] = tokenLists.map((tokens) => ({ tokens, total: totalOf(tokens) })).sort((a, b) => a.total - b.total);
  let count = leading && leading.total > 0 ? leadingCandidates(data, leading.tokens, set, list) : 0;
  for (const other of others) {
    if (count === 0) break;
    count = keepWithToken(postings, other.tokens, list, count);
  }
  for (let i = 0; i < count; i += 1) addSlot(bits, list[i] as number);
  scratch.titleCandidateCount = count;
  return { set: bits, list: list.subarray(0, count) };
}

/** The slots of `set` that hold one of the tokens, ascending, written into `into`; returns how many. */
function leadingCandidates(data: IndexData, tokens: number[], set: SlotIntersection, into: Int32Array): number {
  const postings = data.titleTokens.postings;
  let count = 0;
  if (tokens.length === 1 && !postings.sets[tokens[0] as number]) {
    const token = tokens[0] as number;
    const slots = postings.lists[token] as Int32Array;
    const size = postings.sizes[token] as number;
    for (let i = 0; i < size; i += 1) {
      const slot = slots[i] as number;
      if (set.has(slot)) into[count++] = slot;
    }
    return count;
  }
  // Several tokens (a word's alternatives, or an unfinished word): their union as a set first.
  const union = data.scratchSpace().setB;
  union.fill(0);
  addPostings(union, postings, tokens);
  for (let word = 0; word < set.words; word += 1) {
    if (union[word] === 0) continue;
    let bits = (union[word] as number) & set.wordAt(word);
    while (bits !== 0) {
      const lowest = bits & -bits;
      into[count++] = (word << 5) + 31 - Math.clz32(lowest);
      bits ^= lowest;
    }
  }
  return count;
}

/** Keeps, in place, the first `count` slots of `candidates` (ascending) that hold one of the tokens; returns how many. */
function keepWithToken(postings: PostingLists, tokens: number[], candidates: Int32Array, count: number): number {
  const cursors = new Int32Array(tokens.length);
  let kept = 0;
  for (let i = 0; i < count; i += 1) {
    const slot = candidates[i] as number;
    let found = false;
    for (let t = 0; t < tokens.length && !found; t += 1) {
      const token = tokens[t] as number;
      const set = postings.sets[token];
      if (set) {
        found = hasSlot(set, slot);
        continue;
      }
      const at = seek(postings.lists[token] as Int32Array, postings.sizes[token] as number, cursors[t] as number, slot);
      cursors[t] = at;
      found = at < (postings.sizes[token] as number) && (postings.lists[token] as Int32Array)[at] === slot;
    }
    if (found) candidates[kept++] = slot;
  }
  return kept;
}

/** The first index from `from` on whose slot is at least `slot` (or `size`): galloping, then a binary search. */
function seek(slots: Int32Array, size: number, from: number, slot: number): number {
  let low = from;
  let high = from;
  for (let step = 1; high < size && (slots[high] as number) < slot; step *= 2) {
    low = high + 1;
    high += step;
  }
  return lowerBound(slots, slot, low, Math.min(high, size));
}

/** Slots whose lower-cased title holds the words in order, each at a word start (`\m(a|b).*\m(c|d)` in PostgreSQL). */
function titleHoldsWordsInOrder(title: string, titleWords: string[][]): boolean {
  let cursor = 0;
  for (const alternatives of titleWords) {
    let bestEnd = -1;
    for (const word of alternatives) {
      let at = title.indexOf(word, cursor);
      while (at >= 0 && !isWordStart(title, at)) at = title.indexOf(word, at + 1);
      if (at >= 0 && (bestEnd < 0 || at + word.length < bestEnd)) bestEnd = at + word.length;
    }
    if (bestEnd < 0) return false;
    cursor = bestEnd;
  }
  return true;
}

/** PostgreSQL's regex word characters under the C locale the database uses: ASCII letters, digits, '_'. */
function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isWordStart(text: string, at: number): boolean {
  return isWordChar(text.charCodeAt(at)) && (at === 0 || !isWordChar(text.charCodeAt(at - 1)));
}
