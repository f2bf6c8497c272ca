import type { PostingLists } from './posting-lists';

/**
 * Per-slot working space of one search at a time (a search runs without awaiting in between), kept
 * between searches. Sets of slots are bitsets: a 100k catalogue's set is 12.5 kB, cheap to clear
 * and to keep in cache while posting lists are walked.
 */
export class Scratch {
  matches = new Int32Array(0);
  /** Per matching slot, its typos (see typoCounts). */
  keys = new Int32Array(0);
  levels = new Uint8Array(0);
  ranks = new Float64Array(0);
  /** Zeros: the typo counts of a search whose words have no typo levels. */
  zeros = new Int32Array(0);
  /** The current search's matches, and those whose title holds the words (exactly, for exactTitle). */
  matched = new Int32Array(0);
  inTitle = new Int32Array(0);
  exactTitle = new Int32Array(0);
  /** Two sets for building the others. */
  setA = new Int32Array(0);
  setB = new Int32Array(0);
  /**
   * The title bucket's candidates (title-match.ts), as a set and as a list of its slots, ascending.
   * The set is cleared slot by slot from the list before its next use, never filled whole.
   */
  titleCandidates = new Int32Array(0);
  titleCandidateList = new Int32Array(0);
  titleCandidateCount = 0;
  /** A small title bucket's candidates sorted by title length, and where each length starts (ranking.ts titleBucketByVisiting). */
  byTitleLength = new Int32Array(0);
  titleLengthStarts = new Int32Array(0);
  titleLengthNext = new Int32Array(0);
  /** Sets built for word groups that have no set of their own (several lexemes), one per group. */
  private groupSets: Int32Array[] = [];
  private levelSets: Int32Array[] = [];

  /** The i-th set of a word's first-level alternatives (ranking.ts SlotTypos), sized like the others (made on first use). */
  levelSet(i: number): Int32Array {
    return this.sized(this.levelSets, i);
  }

  /** The i-th set for building a word group's set, sized like the others (made on first use). */
  groupSet(i: number): Int32Array {
    return this.sized(this.groupSets, i);
  }

  private sized(sets: Int32Array[], i: number): Int32Array {
    const words = this.matched.length;
    let set = sets[i];
    if (!set || set.length !== words) {
      set = new Int32Array(words);
      sets[i] = set;
    }
    return set;
  }

  fit(capacity: number): void {
    if (this.matches.length >= capacity) return;
    this.matches = new Int32Array(capacity);
    this.keys = new Int32Array(capacity);
    this.levels = new Uint8Array(capacity);
    this.ranks = new Float64Array(capacity);
    this.zeros = new Int32Array(capacity);
    const words = (capacity >>> 5) + 1;
    this.matched = new Int32Array(words);
    this.inTitle = new Int32Array(words);
    this.exactTitle = new Int32Array(words);
    this.setA = new Int32Array(words);
    this.setB = new Int32Array(words);
    this.titleCandidates = new Int32Array(words);
    this.titleCandidateList = new Int32Array(capacity);
    this.titleCandidateCount = 0;
  }

  /** byTitleLength with room for `count` candidates (grown as needed), and the starts sized for `lengths` title lengths. */
  titleLengthSort(count: number, lengths: number): { byLength: Int32Array; starts: Int32Array; next: Int32Array } {
    if (this.byTitleLength.length < count) this.byTitleLength = new Int32Array(Math.max(count, 2 * this.byTitleLength.length));
    if (this.titleLengthStarts.length !== lengths + 1) {
      this.titleLengthStarts = new Int32Array(lengths + 1);
      this.titleLengthNext = new Int32Array(lengths + 1);
    }
    return { byLength: this.byTitleLength, starts: this.titleLengthStarts, next: this.titleLengthNext };
  }

  bytes(): number {
    const arrays = [this.matches, this.keys, this.levels, this.ranks, this.zeros, this.matched, this.inTitle];
    const sets = [
      this.exactTitle,
      this.setA,
      this.setB,
      this.titleCandidates,
      this.titleCandidateList,
      this.byTitleLength,
      ...this.groupSets,
    ];
    return [...arrays, ...sets].reduce((sum, array) => sum + array.byteLength, 0);
  }
}

export function hasSlot(set: Int32Array, slot: number): boolean {
  return ((set[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;
}

export function addSlot(set: Int32Array, slot: number): void {
  (set[slot >>> 5] as number) |= 1 << (slot & 31);
}

/** Adds every slot of the lexemes' (or title tokens') posting lists to the set. */
export function addPostings(set: Int32Array, postings: PostingLists, ids: readonly number[]): void {
  for (const id of ids) postings.addTo(set, id);
}

/** Writes the set's slots in ascending order into `into`; returns how many. */
export function slotsOf(set: Int32Array, into: Int32Array): number {
  let count = 0;
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      into[count++] = (word << 5) + 31 - Math.clz32(lowest);
      bits ^= lowest;
    }
  }
  return count;
}

/**
 * The slots in every one of several sets, read without building their intersection: a search
 * often needs only its first thousand matches, or a few thousand slots looked up, and ANDing whole
 * sets first took a pass over all of them per word group.
 */
export class SlotIntersection {
  /** Words of each set that are read (bits past the last slot are clear in every set). */
  readonly words: number;

  constructor(private readonly sets: Int32Array[]) {
    this.words = Math.min(...sets.map((set) => set.length));
  }

  has(slot: number): boolean {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let i = 0; i < this.sets.length; i += 1) if ((((this.sets[i] as Int32Array)[word] as number) & bit) === 0) return false;
    return true;
  }

  /** The 32 slots from word * 32 on that are in every set, as bits. */
  wordAt(word: number): number {
    let bits = -1;
    for (let i = 0; i < this.sets.length && bits !== 0; i += 1) bits &= (this.sets[i] as Int32Array)[word] as number;
    return bits;
  }
}
