import type { IndexData } from './index-data';
import type { PlannedQuery } from './matching';
import { addPostings, addSlot, forEachSlot } from './slot-sets';

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
  forEachSlot(candidatesAmong(data, tokenLists, scratch.matched), visit);
  return found;
}

/**
 * The title bucket's candidates among the slots of a set: those whose title has, for every word, a
 * token the word may begin (scratch.setA), and about how many there are (`postings`). `checked` is false when they are exactly the slots whose
 * title holds the words (one plain word), else each needs holdsWordsInOrder().
 */
export function titleCandidates(
  data: IndexData,
  planned: PlannedQuery,
  set: Int32Array,
): { candidates: Int32Array; checked: boolean; postings: number } {
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

/** The slots of `set` that hold, for every word, one of its tokens: in scratch.setA. */
function candidatesAmong(data: IndexData, tokenLists: number[][], set: Int32Array): Int32Array {
  const scratch = data.scratchSpace();
  const titlePostings = data.titleTokens.postings;
  const candidates = scratch.setA;
  candidates.set(set);
  const word = scratch.setB;
  for (const tokens of tokenLists) {
    word.fill(0);
    addPostings(word, titlePostings, tokens);
    for (let i = 0; i < candidates.length; i += 1) (candidates[i] as number) &= word[i] as number;
  }
  return candidates;
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
