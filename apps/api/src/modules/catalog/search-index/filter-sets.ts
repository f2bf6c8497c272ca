import { RATING_THRESHOLDS } from '@app/shared';

/** The columns a filter set is read from (IndexData's). */
export interface FilterColumns {
  size: number;
  capacity: number;
  category: Int32Array;
  ratingMask: Uint8Array;
}

/**
 * Bitsets of the slots in each category and at or above each rating threshold (dead slots
 * included, as in the lexemes' sets: the searches check `alive` themselves), built from the
 * columns on first use and extended as products are added. A search of common words ANDs them
 * with its words' sets 32 slots at a time (commonMatches()), so a filtered search no longer reads
 * every slot of its words to find the few in the category: at 1M products those reads were half
 * of what filtered searches cost. Forgotten when the slots are renumbered (a compaction, a
 * restore) or the arrays grow; each is N/8 bytes (125 kB at 1M products), 11 of them at most.
 */
export class FilterSets {
  private readonly byCategory = new Map<number, Int32Array>();
  private readonly byRating = new Map<number, Int32Array>();

  /** The slots of a category code (an unknown category's code, -1, has none). */
  category(columns: FilterColumns, code: number): Int32Array {
    return this.setOf(this.byCategory, code, columns, (slot) => columns.category[slot] === code);
  }

  /** The slots rated at least RATING_THRESHOLDS[threshold]. */
  rating(columns: FilterColumns, threshold: number): Int32Array {
    const bit = 1 << threshold;
    return this.setOf(this.byRating, threshold, columns, (slot) => ((columns.ratingMask[slot] as number) & bit) !== 0);
  }

  /** Adds a new slot (its columns written) to the sets it belongs in. */
  added(columns: FilterColumns, slot: number): void {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (const [code, set] of this.byCategory) if (columns.category[slot] === code) (set[word] as number) |= bit;
    const mask = columns.ratingMask[slot] as number;
    for (const [threshold, set] of this.byRating) if (mask & (1 << threshold)) (set[word] as number) |= bit;
  }

  clear(): void {
    this.byCategory.clear();
    this.byRating.clear();
  }

  bytes(): number {
    let total = 0;
    for (const set of [...this.byCategory.values(), ...this.byRating.values()]) total += set.byteLength;
    return total;
  }

  private setOf(
    sets: Map<number, Int32Array>,
    key: number,
    columns: FilterColumns,
    holds: (slot: number) => boolean,
  ): Int32Array {
    const words = (columns.capacity >>> 5) + 1;
    const held = sets.get(key);
    if (held && held.length === words) return held;
    const set = new Int32Array(words);
    for (let slot = 0; slot < columns.size; slot += 1) if (holds(slot)) (set[slot >>> 5] as number) |= 1 << (slot & 31);
    sets.set(key, set);
    return set;
  }
}

/** The RATING_THRESHOLDS index of a minimum rating that is one of them exactly, else undefined. */
export function thresholdOf(minRating: number): number | undefined {
  const index = (RATING_THRESHOLDS as readonly number[]).indexOf(minRating);
  return index < 0 ? undefined : index;
}
