import { grown } from './typed-arrays';

/** A list this long at least, and in at least 1/SET_SHARE of the slots, is kept as a bitset instead (no larger than the list). */
const SET_SHARE = 32;
const SET_MIN_SIZE = 64;

/**
 * Texts (lexemes, or title tokens) numbered in the order first seen, each with its posting list:
 * the slots that hold it, ascending. New slots are numbered past every slot in use, so appending
 * keeps every list sorted; a compaction (compact()) renumbers slots without changing their order.
 *
 * With `bitsets`, a text found in a large share of the slots keeps its slots as a bitset instead
 * of a list (an eighth of a byte per slot instead of four bytes per posting: at 1M products the
 * most common lexemes held two thirds of all postings). Readers go through forEach(), copyInto(),
 * addTo() and setOf(), which read either form; `sizes` counts the slots of both.
 */
export class PostingLists {
  readonly ids = new Map<string, number>();
  /** Per text id, its slots; only the first sizes[id] entries are used. Empty for a text kept as a set. */
  lists: Int32Array[] = [];
  /** Per text id, its slots as a bitset (bit slot & 31 of word slot >>> 5), or undefined for a list. */
  sets: (Int32Array | undefined)[] = [];
  sizes: number[] = [];
  /** The slots the index has room for: a list turns into a set once it holds 1/SET_SHARE of them. */
  capacity = 0;

  constructor(private readonly options: { bitsets?: boolean } = {}) {}

  /** The text's id, numbering it when it is new. */
  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
      this.lists.push(new Int32Array(4));
      this.sets.push(undefined);
      this.sizes.push(0);
    }
    return id;
  }

  post(id: number, slot: number): void {
    const size = this.sizes[id] as number;
    const set = this.sets[id];
    if (set) {
      const words = this.roomFor(id, slot);
      (words[slot >>> 5] as number) |= 1 << (slot & 31);
      this.sizes[id] = size + 1;
      return;
    }
    let list = this.lists[id] as Int32Array;
    if (size === list.length) {
      if (this.options.bitsets && size >= SET_MIN_SIZE && size * SET_SHARE >= this.capacity) {
        this.toSet(id);
        this.post(id, slot);
        return;
      }
      // A quarter more at a time (an eighth for long lists), so that the lists trimmed by a full
      // load do not double at the first changes: they are most of the postings' bytes.
      list = grown(list, size + Math.max(4, size >> (size < 4096 ? 2 : 3)));
      this.lists[id] = list;
    }
    list[size] = slot;
    this.sizes[id] = size + 1;
  }

  /** The text's set, grown (a quarter more) to hold `slot`. */
  private roomFor(id: number, slot: number): Int32Array {
    let set = this.sets[id] as Int32Array;
    if (slot >>> 5 >= set.length) {
      set = grown(set, Math.max((slot >>> 5) + 1, set.length + (set.length >> 2)));
      this.sets[id] = set;
    }
    return set;
  }

  /** Turns the text's list into a set sized for the capacity. */
  private toSet(id: number): void {
    const list = this.lists[id] as Int32Array;
    const size = this.sizes[id] as number;
    const last = size > 0 ? (list[size - 1] as number) : 0;
    const set = new Int32Array((Math.max(this.capacity, last + 1) >>> 5) + 1);
    for (let i = 0; i < size; i += 1) {
      const slot = list[i] as number;
      (set[slot >>> 5] as number) |= 1 << (slot & 31);
    }
    this.sets[id] = set;
    this.lists[id] = EMPTY;
  }

  /**
   * After a full load, which grew the capacity as it went: every list that has reached a set's
   * share becomes a set, and every set that has fallen below it (made while the capacity was small)
   * a list again.
   */
  settle(): void {
    if (!this.options.bitsets) return;
    for (let id = 0; id < this.lists.length; id += 1) {
      const size = this.sizes[id] as number;
      const common = size >= SET_MIN_SIZE && size * SET_SHARE >= this.capacity;
      if (common && !this.sets[id]) this.toSet(id);
      else if (!common && this.sets[id]) this.toList(id);
    }
  }

  private toList(id: number): void {
    const list = new Int32Array(Math.max(4, this.sizes[id] as number));
    this.copyInto(id, list);
    this.lists[id] = list;
    this.sets[id] = undefined;
  }

  /** Calls `visit` with each slot of the text, ascending. */
  forEach(id: number, visit: (slot: number) => void): void {
    const set = this.sets[id];
    if (set) {
      forEachBit(set, visit);
      return;
    }
    const list = this.lists[id] as Int32Array;
    const size = this.sizes[id] as number;
    for (let i = 0; i < size; i += 1) visit(list[i] as number);
  }

  /** Writes the text's slots, ascending, into `into` (room for sizes[id]); returns how many. */
  copyInto(id: number, into: Int32Array): number {
    const set = this.sets[id];
    if (!set) {
      const size = this.sizes[id] as number;
      into.set((this.lists[id] as Int32Array).subarray(0, size));
      return size;
    }
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

  /** Adds the text's slots to a bitset. */
  addTo(target: Int32Array, id: number): void {
    const set = this.sets[id];
    if (set) {
      const words = Math.min(set.length, target.length);
      for (let i = 0; i < words; i += 1) (target[i] as number) |= set[i] as number;
      return;
    }
    const list = this.lists[id] as Int32Array;
    const size = this.sizes[id] as number;
    for (let i = 0; i < size; i += 1) {
      const slot = list[i] as number;
      (target[slot >>> 5] as number) |= 1 << (slot & 31);
    }
  }

  /** The text's bitset of at least `words` words, or undefined when it is kept as a list. */
  setOf(id: number, words: number): Int32Array | undefined {
    const set = this.sets[id];
    if (!set) return undefined;
    if (set.length >= words) return set;
    const wider = grown(set, words);
    this.sets[id] = wider;
    return wider;
  }

  /** The text's slots as a new list (for the snapshot). */
  listOf(id: number): Int32Array {
    const size = this.sizes[id] as number;
    if (!this.sets[id]) return (this.lists[id] as Int32Array).subarray(0, size);
    const list = new Int32Array(size);
    this.copyInto(id, list);
    return list;
  }

  /**
   * Renumbers every list in place after a compaction (IndexData.compact()): `renumbered[slot]` is
   * the slot's new number, -1 for a slot dropped. Order is kept, so the lists stay sorted; their
   * room is kept for the slots added next. A set is renumbered in place too: a slot's new number
   * is never above it, so each word is read before anything is written to it.
   */
  compact(renumbered: Int32Array): void {
    const { lists, sets, sizes } = this;
    for (let id = 0; id < lists.length; id += 1) {
      const set = sets[id];
      if (set) {
        sizes[id] = compactSet(set, renumbered);
        continue;
      }
      const list = lists[id] as Int32Array;
      const size = sizes[id] as number;
      let kept = 0;
      for (let i = 0; i < size; i += 1) {
        const slot = renumbered[list[i] as number] as number;
        if (slot >= 0) list[kept++] = slot;
      }
      sizes[id] = kept;
    }
  }

  /** Drops the spare room of every list. */
  trim(): void {
    this.lists = this.lists.map((list, id) => (this.sets[id] ? EMPTY : list.slice(0, Math.max(1, this.sizes[id] as number))));
  }

  bytes(): number {
    let total = 0;
    for (const list of this.lists) total += list.byteLength;
    for (const set of this.sets) total += set?.byteLength ?? 0;
    return total;
  }
}

const EMPTY = new Int32Array(0);

function forEachBit(set: Int32Array, visit: (slot: number) => void): void {
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      visit((word << 5) + 31 - Math.clz32(lowest));
      bits ^= lowest;
    }
  }
}

/** Renumbers a set in place (see compact()); returns how many slots it keeps. */
function compactSet(set: Int32Array, renumbered: Int32Array): number {
  let kept = 0;
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word] as number;
    if (bits === 0) continue;
    // Cleared first: the kept slots of this word land in it or in a word before it.
    set[word] = 0;
    while (bits !== 0) {
      const lowest = bits & -bits;
      const slot = renumbered[(word << 5) + 31 - Math.clz32(lowest)] as number;
      bits ^= lowest;
      if (slot === undefined || slot < 0) continue;
      (set[slot >>> 5] as number) |= 1 << (slot & 31);
      kept += 1;
    }
  }
  return kept;
}
