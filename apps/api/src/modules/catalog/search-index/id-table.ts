import { grown } from './typed-arrays';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** The words of the id being looked up (lookups never overlap: they do not await). */
const sought = new Int32Array(4);
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The products' ids by slot, as four 32-bit words each, and the alive slots by id in an
 * open-addressing table. At 1M products this is 16 MB of words and 8–16 MB of table, where an
 * array of id strings and a Map of them held ~100 MB of the JS heap: long-lived objects the
 * garbage collector had to mark on every major collection, and heap the old generation grew
 * past in proportion under load (bench/README.md, "Memory").
 */
export class IdTable {
  /** Per slot (alive or dead), its id's 128 bits as words 4·slot … 4·slot + 3, most significant first. */
  words: Int32Array;
  /** slot + 1 of each linked slot, at its id's hash (linear probing); 0: empty. */
  private table: Int32Array;
  private linked = 0;

  constructor(capacity: number, words?: Int32Array) {
    this.words = words ?? new Int32Array(capacity * 4);
    this.table = new Int32Array(tableSizeFor(0));
  }

  grow(capacity: number): void {
    this.words = grown(this.words, capacity * 4);
  }

  /** Records the slot's id (a canonical lower-case UUID, as PostgreSQL writes it). */
  write(slot: number, id: string): void {
    parseInto(id, this.words, slot * 4);
  }

  /** The slot's id as text. */
  idOf(slot: number): string {
    const words = this.words;
    const at = slot * 4;
    const a = hexOf(words[at] as number);
    const b = hexOf(words[at + 1] as number);
    const c = hexOf(words[at + 2] as number);
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hexOf(words[at + 3] as number)}`;
  }

  /** The linked slot of the id, or undefined (unknown, removed, or not a canonical UUID). */
  slotOf(id: string): number | undefined {
    if (id.length !== 36 || !CANONICAL_UUID.test(id)) return undefined;
    parseInto(id, sought, 0);
    const w0 = sought[0] as number;
    const w1 = sought[1] as number;
    const w2 = sought[2] as number;
    const w3 = sought[3] as number;
    const table = this.table;
    const mask = table.length - 1;
    const words = this.words;
    for (let at = hashOf(w0, w1, w2, w3) & mask; ; at = (at + 1) & mask) {
      const entry = table[at] as number;
      if (entry === 0) return undefined;
      const w = (entry - 1) * 4;
      if (words[w] === w0 && words[w + 1] === w1 && words[w + 2] === w2 && words[w + 3] === w3) return entry - 1;
    }
  }

  /** Makes the slot findable by its id (written before); the caller unlinks any other slot of the same id first. */
  link(slot: number): void {
    if ((this.linked + 1) * 2 > this.table.length) this.resize(tableSizeFor(this.linked + 1));
    this.insert(slot);
    this.linked += 1;
  }

  /** Makes the slot unfindable (backward-shift deletion: no tombstones, probes stay short). */
  unlink(slot: number): void {
    const table = this.table;
    const mask = table.length - 1;
    let at = this.home(slot);
    while (table[at] !== slot + 1) {
      if (table[at] === 0) return;
      at = (at + 1) & mask;
    }
    let hole = at;
    for (let next = (hole + 1) & mask; table[next] !== 0; next = (next + 1) & mask) {
      const home = this.home((table[next] as number) - 1);
      // The entry at `next` may move back into the hole unless its home lies cyclically in (hole, next].
      const stays = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (stays) continue;
      table[hole] = table[next] as number;
      hole = next;
    }
    table[hole] = 0;
    this.linked -= 1;
  }

  /** Links exactly the alive slots below `size` (after a restore or a compaction). */
  relink(alive: Uint8Array, size: number): void {
    let count = 0;
    for (let slot = 0; slot < size; slot += 1) if (alive[slot] === 1) count += 1;
    this.table = new Int32Array(tableSizeFor(count));
    for (let slot = 0; slot < size; slot += 1) if (alive[slot] === 1) this.insert(slot);
    this.linked = count;
  }

  /** Moves the kept slots' ids down (renumbered[slot]: new slot, -1 dropped); relink() after. */
  compact(renumbered: Int32Array, size: number, kept: number): void {
    const words = this.words;
    for (let slot = 0; slot < size; slot += 1) {
      const target = renumbered[slot] as number;
      if (target < 0 || target === slot) continue;
      const from = slot * 4;
      const to = target * 4;
      words[to] = words[from] as number;
      words[to + 1] = words[from + 1] as number;
      words[to + 2] = words[from + 2] as number;
      words[to + 3] = words[from + 3] as number;
    }
    words.fill(0, kept * 4, size * 4);
  }

  /** Byte order of two slots' ids, as their text compares (-1, 0 or 1). */
  compare(a: number, b: number): number {
    const words = this.words;
    for (let i = 0; i < 4; i += 1) {
      const x = (words[a * 4 + i] as number) >>> 0;
      const y = (words[b * 4 + i] as number) >>> 0;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  bytes(): number {
    return this.words.byteLength + this.table.byteLength;
  }

  private home(slot: number): number {
    const words = this.words;
    const at = slot * 4;
    return (
      hashOf(words[at] as number, words[at + 1] as number, words[at + 2] as number, words[at + 3] as number) &
      (this.table.length - 1)
    );
  }

  private insert(slot: number): void {
    const table = this.table;
    const mask = table.length - 1;
    let at = this.home(slot);
    while (table[at] !== 0) at = (at + 1) & mask;
    table[at] = slot + 1;
  }

  private resize(length: number): void {
    const old = this.table;
    this.table = new Int32Array(length);
    for (let i = 0; i < old.length; i += 1) if (old[i] !== 0) this.insert((old[i] as number) - 1);
  }
}

/** The id's words in the layout IdTable keeps, for a snapshot of an older format that stored ids as text. */
export function idWordsOf(ids: readonly string[]): Int32Array {
  const table = new IdTable(ids.length);
  for (let slot = 0; slot < ids.length; slot += 1) table.write(slot, ids[slot] as string);
  return table.words;
}

/** The id's four words, written at `at` (hex, dashes skipped). */
function parseInto(id: string, into: Int32Array, at: number): void {
  into[at] = Number.parseInt(id.slice(0, 8), 16) | 0;
  into[at + 1] = Number.parseInt(id.slice(9, 13) + id.slice(14, 18), 16) | 0;
  into[at + 2] = Number.parseInt(id.slice(19, 23) + id.slice(24, 28), 16) | 0;
  into[at + 3] = Number.parseInt(id.slice(28, 36), 16) | 0;
}

/** A power of two at least twice `count` (a load factor of at most one half). */
function tableSizeFor(count: number): number {
  let length = 1024;
  while (length < count * 2) length *= 2;
  return length;
}

/** Mixes all four words: ids are random (v4) today, but a time-ordered kind would share its first ones. */
function hashOf(w0: number, w1: number, w2: number, w3: number): number {
  let h = Math.imul(w0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ w1 ^ (h >>> 15), 0xc2b2ae35);
  h = Math.imul(h ^ w2 ^ (h >>> 13), 0x85ebca6b);
  h = Math.imul(h ^ w3 ^ (h >>> 16), 0xc2b2ae35);
  return (h ^ (h >>> 15)) >>> 0;
}

function hexOf(word: number): string {
  return (
    (HEX[(word >>> 24) & 255] as string) +
    (HEX[(word >>> 16) & 255] as string) +
    (HEX[(word >>> 8) & 255] as string) +
    (HEX[word & 255] as string)
  );
}
