import type { CorrectedWord } from '../typos';
import type { IndexData } from './index-data';
import { addPostings, addSlot, hasSlot, SlotIntersection, slotsOf } from './slot-sets';
import { compareBytes } from './ts-rank';

/** The corrected words in the index's terms: lexeme ids per word group, typo levels, title patterns. */
export interface PlannedQuery {
  /** Lexeme ids of each word group that has lexemes (stop-word-only groups drop out, as in to_tsquery). */
  groups: number[][];
  /** False when some group's lexemes are in no product: nothing matches. */
  satisfiable: boolean;
  /** ts_rank operands: every distinct lexeme of the query in byte order (unknown ones as negative ids). */
  operands: number[];
  /** Per word with alternatives at several typo levels: the lexeme ids of each level but the last, and the levels. */
  typoWords: { levels: number[]; lexemes: number[][] }[];
  /** Per query word, the alternatives as typed into the title regex. */
  titleWords: string[][];
  exactTitles: string[];
}

export type LexemesOf = (word: string) => string[] | undefined;

/** Plans a query, or undefined when a word does not map to one plain lexeme (left to the SQL path). */
export function plan(data: IndexData, words: CorrectedWord[], lexemesOf: LexemesOf): PlannedQuery | undefined {
  const groups: number[][] = [];
  const operandTexts = new Set<string>();
  const typoWords: PlannedQuery['typoWords'] = [];
  let satisfiable = true;
  const ids = (texts: string[]) => texts.map((text) => data.lexeme(text)).filter((id): id is number => id !== undefined);
  for (const word of words) {
    const texts = new Set<string>();
    const byLevel = new Map<number, Set<string>>();
    for (const alternative of word.alternatives) {
      const lexemes = lexemesOf(alternative.word);
      if (!lexemes) return undefined;
      const level = byLevel.get(alternative.typos) ?? new Set<string>();
      byLevel.set(alternative.typos, level);
      for (const lexeme of lexemes) {
        texts.add(lexeme);
        level.add(lexeme);
      }
    }
    const levels = [...byLevel.keys()].sort();
    if (levels.length >= 2)
      typoWords.push({ levels, lexemes: levels.slice(0, -1).map((level) => ids([...(byLevel.get(level) ?? [])])) });
    if (texts.size === 0) continue;
    for (const text of texts) operandTexts.add(text);
    const group = ids([...texts]);
    if (group.length === 0) satisfiable = false;
    groups.push(group);
  }
  if (groups.length === 0) satisfiable = false;
  let unknown = 0;
  const operands = [...operandTexts].sort(compareBytes).map((text) => data.lexeme(text) ?? -1 - unknown++);
  return {
    groups,
    satisfiable,
    operands,
    typoWords,
    titleWords: words.map((w) => w.alternatives.map((a) => a.word)),
    exactTitles: [words.map((w) => w.query).join(' '), words.map((w) => w.alternatives[0]?.word ?? w.query).join(' ')],
  };
}

/**
 * Matching slots in ascending order: every group holds one of its lexemes (`@@`), alive, filtered;
 * also left in scratch.matched. The smallest group gives the candidates; each larger group then
 * keeps those that have one of its lexemes, read from the product's own lexemes when the
 * candidates are few, else from the group's posting lists. A view into the search's scratch
 * space, valid until the next search.
 */
export function matchingSlots(data: IndexData, planned: PlannedQuery, keep: ((slot: number) => boolean) | undefined): Int32Array {
  const scratch = data.scratchSpace();
  const matched = scratch.matched;
  matched.fill(0);
  if (!planned.satisfiable) return new Int32Array(0);
  const postings = data.documents.postings;
  const postingsOf = (lexemes: number[]) => lexemes.reduce((sum, lexeme) => sum + (postings.sizes[lexeme] as number), 0);
  const groups = planned.groups
    .map((lexemes) => ({ lexemes, postings: postingsOf(lexemes) }))
    .sort((a, b) => a.postings - b.postings);
  const found = scratch.matches;
  const smallest = (groups[0] as (typeof groups)[number]).lexemes;
  if (groups.length === 1 && smallest.length === 1 && !keep && data.deadCount === 0) {
    // One lexeme, no filter, no dead slot: its posting list is the answer.
    addPostings(matched, postings, smallest);
    return found.subarray(0, postings.copyInto(smallest[0] as number, found));
  }
  let count: number;
  if (smallest.length === 1) {
    count = postings.copyInto(smallest[0] as number, found);
  } else {
    // Several posting lists (each in order) merged through a set, which lists its slots in order.
    const union = scratch.setA;
    union.fill(0);
    addPostings(union, postings, smallest);
    count = slotsOf(union, found);
  }
  for (let g = 1; g < groups.length && count > 0; g += 1) {
    const { lexemes, postings: groupPostings } = groups[g] as (typeof groups)[number];
    let kept = 0;
    const common = lexemes.length === 1 ? data.lexemeSet(lexemes[0] as number) : undefined;
    if (common) {
      for (let i = 0; i < count; i += 1) {
        const slot = found[i] as number;
        if (hasSlot(common, slot)) found[kept++] = slot;
      }
    } else if (count * lexemes.length * 64 < groupPostings) {
      for (let i = 0; i < count; i += 1) {
        const slot = found[i] as number;
        if (lexemes.some((lexeme) => data.has(slot, lexeme))) found[kept++] = slot;
      }
    } else {
      const group = scratch.setA;
      group.fill(0);
      addPostings(group, postings, lexemes);
      for (let i = 0; i < count; i += 1) {
        const slot = found[i] as number;
        if (hasSlot(group, slot)) found[kept++] = slot;
      }
    }
    count = kept;
  }
  return keepAliveAndFiltered(data, found, count, keep, matched);
}

/** Below this share of the slots, the smallest word group's posting lists give the candidates (matchingSlots()); from it, bitsets (commonMatches()). */
const COMMON_SHARE = 64;

/** True when every word group of the query is in at least 1/COMMON_SHARE of the slots: see commonMatches(). */
export function allGroupsCommon(data: IndexData, planned: PlannedQuery): boolean {
  if (!planned.satisfiable) return false;
  const sizes = data.documents.postings.sizes;
  return planned.groups.every(
    (lexemes) => lexemes.reduce((sum, lexeme) => sum + (sizes[lexeme] as number), 0) * COMMON_SHARE >= data.capacity,
  );
}

/**
 * The slots (dead ones included) that hold every word group and are in every filter set, as the intersection
 * of each group's set: the common lexemes' cached sets (LexemeSets), or a set built from a
 * group's lexemes. For queries whose groups are all common (allGroupsCommon()), where the matches
 * run to hundreds of thousands at 1M products and listing them costs more than the page needs:
 * see firstMatches() and the walks of ranking.ts.
 */
export function commonMatches(data: IndexData, planned: PlannedQuery, filterSets: Int32Array[] = []): SlotIntersection {
  const scratch = data.scratchSpace();
  let built = 0;
  const sets = planned.groups.map((lexemes) => setOfLexemes(data, lexemes, () => scratch.groupSet(built++)));
  return new SlotIntersection([...sets, ...filterSets]);
}

/**
 * The slots holding any of the lexemes: a common lexeme's own set when it is the only one, else
 * their union (common lexemes' sets ORed, the others' posting lists added) in a scratch set.
 */
export function setOfLexemes(data: IndexData, lexemes: readonly number[], scratchSet: () => Int32Array): Int32Array {
  const own = lexemes.length === 1 ? data.lexemeSet(lexemes[0] as number) : undefined;
  if (own) return own;
  const postings = data.documents.postings;
  const set = scratchSet();
  set.fill(0);
  for (const lexeme of lexemes) {
    const common = data.lexemeSet(lexeme);
    if (!common) addPostings(set, postings, [lexeme]);
    else for (let i = 0; i < set.length; i += 1) (set[i] as number) |= common[i] as number;
  }
  return set;
}

/**
 * The first `limit` slots of a set (commonMatches()) that are alive and pass `keep`, in slot
 * order, written into scratch.matches.
 */
export function firstMatches(
  data: IndexData,
  set: SlotIntersection,
  keep: ((slot: number) => boolean) | undefined,
  limit: number,
): Int32Array {
  const found = data.scratchSpace().matches;
  const alive = data.alive;
  let count = 0;
  for (let word = 0; word < set.words && count < limit; word += 1) {
    let bits = set.wordAt(word);
    while (bits !== 0 && count < limit) {
      const lowest = bits & -bits;
      const slot = (word << 5) + 31 - Math.clz32(lowest);
      bits ^= lowest;
      if (alive[slot] === 1 && (!keep || keep(slot))) found[count++] = slot;
    }
  }
  return found.subarray(0, count);
}

/**
 * Every slot of a set (commonMatches()) that is alive and passes `keep`, in slot order, in
 * scratch.matches, and as a set in scratch.matched: what matchingSlots() leaves.
 */
export function allMatches(data: IndexData, set: SlotIntersection, keep: ((slot: number) => boolean) | undefined): Int32Array {
  const scratch = data.scratchSpace();
  const found = scratch.matches;
  const matched = scratch.matched;
  const alive = data.alive;
  matched.fill(0);
  let count = 0;
  for (let word = 0; word < set.words; word += 1) {
    let bits = set.wordAt(word);
    let kept = 0;
    while (bits !== 0) {
      const lowest = bits & -bits;
      const slot = (word << 5) + 31 - Math.clz32(lowest);
      bits ^= lowest;
      if (alive[slot] === 1 && (!keep || keep(slot))) {
        found[count++] = slot;
        kept |= lowest;
      }
    }
    matched[word] = kept;
  }
  return found.subarray(0, count);
}

/** Keeps the first `count` slots of `found` that are alive and pass `keep`, in place, adding each to `matched`. */
function keepAliveAndFiltered(
  data: IndexData,
  found: Int32Array,
  count: number,
  keep: ((slot: number) => boolean) | undefined,
  matched: Int32Array,
): Int32Array {
  let kept = 0;
  const alive = data.alive;
  if (keep) {
    for (let i = 0; i < count; i += 1) {
      const slot = found[i] as number;
      if (alive[slot] === 1 && keep(slot)) {
        found[kept++] = slot;
        addSlot(matched, slot);
      }
    }
  } else {
    for (let i = 0; i < count; i += 1) {
      const slot = found[i] as number;
      if (alive[slot] === 1) {
        found[kept++] = slot;
        addSlot(matched, slot);
      }
    }
  }
  return found.subarray(0, kept);
}
