import type { PostingLists } from './posting-lists';

/** A posting list at least 1/SHARE of the slots long is also kept as a bitset, which is then no larger than the list. */
const SHARE = 32;

/**
 * Bitsets of the slots holding each common lexeme (dead slots included, as in its posting list),
 * built on first use and extended with the slots posted since: posting lists only grow between
 * two compactions (which forget the sets). A search whose word groups are all common intersects these in N/32 word operations
 * instead of reading hundreds of thousands of postings (see commonMatches()). Each costs at most
 * its posting list's bytes (N/8 bytes: 125 kB at 1M products).
 */
export class LexemeSets {
  private readonly sets = new Map<number, { bits: Int32Array; through: number }>();

  /** The lexeme's set, sized for `capacity` slots; undefined when its posting list is shorter than a set. */
  of(postings: PostingLists, lexeme: number, capacity: number): Int32Array | undefined {
    const size = postings.sizes[lexeme] as number;
    const words = (capacity >>> 5) + 1;
    // Kept as a set by the posting lists themselves: nothing to build or hold twice.
    const own = postings.setOf(lexeme, words);
    if (own) {
      this.sets.delete(lexeme);
      return own;
    }
    if (size * SHARE < capacity) return undefined;
    let entry = this.sets.get(lexeme);
    if (!entry) {
      entry = { bits: new Int32Array(words), through: 0 };
      this.sets.set(lexeme, entry);
    } else if (entry.bits.length < words) {
      const bits = new Int32Array(words);
      bits.set(entry.bits);
      entry.bits = bits;
    }
    if (entry.through < size) {
      const list = postings.lists[lexeme] as Int32Array;
      const bits = entry.bits;
      for (let i = entry.through; i < size; i += 1) {
        const slot = list[i] as number;
        (bits[slot >>> 5] as number) |= 1 << (slot & 31);
      }
      entry.through = size;
    }
    return entry.bits;
  }

  /** Forgets every set (after a compaction renumbered the slots): each is built again on its next use. */
  clear(): void {
    this.sets.clear();
  }

  bytes(): number {
    let total = 0;
    for (const { bits } of this.sets.values()) total += bits.byteLength;
    return total;
  }
}
