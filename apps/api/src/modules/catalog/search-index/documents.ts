import { PostingLists } from './posting-lists';
import { type OperandPositions, parseTsvector } from './ts-rank';
import { grown } from './typed-arrays';

/**
 * The next length of an arena that must hold `needed`: doubled while small, then an eighth more,
 * so that the first change after a full load (which trims the arenas) does not double them.
 */
function roomFor(length: number, needed: number): number {
  return Math.max(needed, length < 1 << 20 ? 2 * length : length + (length >> 3));
}

/**
 * Every product's lexemes, with their positions, as PostgreSQL's tsvector holds them, and the
 * posting list of slots per lexeme. The lexemes are in one byte arena, not one array per product,
 * as variable-length numbers (7 bits a byte, the high bit set on all bytes but the last): at
 * docStart[slot], n, then n lexeme ids ascending (the first whole, the others as the difference
 * from the one before), then n counts of positions; the positions are in their own arena from
 * posStart[slot], lexeme by lexeme. About a third of the bytes of whole 32-bit numbers. Documents
 * are appended in slot order, so both arenas hold them in that order; a removed product's entries
 * stay until the next compaction (compact()), which moves the others down in place.
 */
export class Documents {
  postings = new PostingLists({ bitsets: true });
  docArena = new Uint8Array(1 << 16);
  docUsed = 0;
  docStart: Int32Array;
  posArena = new Uint16Array(1 << 16);
  posUsed = 0;
  posStart: Int32Array;
  /** One document decoded: its lexeme ids and where each one's positions start (scratch of locateOperands). */
  private decodedIds = new Int32Array(256);
  private decodedOffsets = new Int32Array(257);
  /** Where decode() reads next in docArena. */
  private readAt = 0;

  constructor(capacity: number) {
    this.docStart = new Int32Array(capacity).fill(-1);
    this.posStart = new Int32Array(capacity);
    this.postings.capacity = capacity;
  }

  grow(capacity: number): void {
    this.docStart = grown(this.docStart, capacity);
    this.posStart = grown(this.posStart, capacity);
    this.postings.capacity = capacity;
  }

  add(slot: number, vectorText: string): void {
    const parsed = parseTsvector(vectorText);
    const n = parsed.lexemes.length;
    // Lexemes ordered by id: sort (id * 65536 + index) numerically, no comparator.
    const order = new Float64Array(n);
    for (let i = 0; i < n; i += 1) order[i] = this.postings.idOf(parsed.lexemes[i] as string) * 65536 + i;
    order.sort();
    let total = 0;
    for (const entry of parsed.positions) total += entry.length;
    // At most 5 bytes per number: n, n ids, n counts.
    const most = 5 * (2 * n + 1);
    if (this.docUsed + most > this.docArena.length)
      this.docArena = grown(this.docArena, roomFor(this.docArena.length, this.docUsed + most));
    if (this.posUsed + total > this.posArena.length)
      this.posArena = grown(this.posArena, roomFor(this.posArena.length, this.posUsed + total));
    const base = this.docUsed;
    const posBase = this.posUsed;
    const positions = this.posArena;
    let at = writeNumber(this.docArena, base, n);
    let previous = 0;
    for (let k = 0; k < n; k += 1) {
      const id = Math.floor((order[k] as number) / 65536);
      at = writeNumber(this.docArena, at, id - previous);
      previous = id;
      this.postings.post(id, slot);
    }
    let offset = 0;
    for (let k = 0; k < n; k += 1) {
      const lexemePositions = parsed.positions[(order[k] as number) % 65536] as number[];
      at = writeNumber(this.docArena, at, lexemePositions.length);
      for (const position of lexemePositions) positions[posBase + offset++] = position;
    }
    this.docStart[slot] = base;
    this.posStart[slot] = posBase;
    this.docUsed = at;
    this.posUsed += total;
  }

  /** The slot stays in the posting lists and arenas (skipped as dead) until the next compaction. */
  remove(slot: number): void {
    // Negative (no lexemes: has() and decode() see none), yet where it starts stays known (-2 - start) for compact().
    const start = this.docStart[slot] as number;
    if (start >= 0) this.docStart[slot] = -2 - start;
  }

  /** Lexeme id, or undefined when no product (ever indexed in this generation) has it. */
  lexeme(text: string): number | undefined {
    return this.postings.ids.get(text);
  }

  /** True when the product has the lexeme (its ids are read until one reaches the lexeme). */
  has(slot: number, lexeme: number): boolean {
    let at = this.docStart[slot] as number;
    if (at < 0 || lexeme < 0) return false;
    const arena = this.docArena;
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = arena[at++] as number;
      n += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    let id = 0;
    for (let k = 0; k < n; k += 1) {
      let delta = 0;
      for (let shift = 0; ; shift += 7) {
        const byte = arena[at++] as number;
        delta += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) break;
      }
      id += delta;
      if (id >= lexeme) return id === lexeme;
    }
    return false;
  }

  /** Locates the product's positions of each operand (see OperandPositions); unknown operands (negative ids) are absent. */
  locateOperands(slot: number, operands: readonly number[], into: OperandPositions): void {
    into.arena = this.posArena;
    let last = -1;
    for (let i = 0; i < operands.length; i += 1) last = Math.max(last, operands[i] as number);
    const n = this.decode(slot, last);
    const posBase = this.posStart[slot] as number;
    const ids = this.decodedIds;
    const offsets = this.decodedOffsets;
    for (let i = 0; i < operands.length; i += 1) {
      const lexeme = operands[i] as number;
      let low = 0;
      let high = n;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((ids[middle] as number) < lexeme) low = middle + 1;
        else high = middle;
      }
      if (lexeme < 0 || low >= n || ids[low] !== lexeme) {
        into.starts[i] = -1;
        continue;
      }
      into.starts[i] = posBase + (offsets[low] as number);
      into.ends[i] = posBase + (offsets[low + 1] as number);
    }
  }

  /**
   * The variable-length number at readAt in the document arena, moving readAt past it. A method
   * with a cursor field rather than a closure: decode() runs for thousands of slots per search.
   */
  private readNumber(): number {
    const arena = this.docArena;
    const first = arena[this.readAt++] as number;
    // Most numbers (id gaps, position counts) take one byte.
    if (first < 0x80) return first;
    let value = first & 0x7f;
    for (let shift = 7; ; shift += 7) {
      const byte = arena[this.readAt++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  }

  /** Decodes the slot's lexeme ids and position offsets into the scratch arrays; returns n (0 for a dead slot). */
  /**
   * Decodes the slot's lexeme ids, ascending, up to the first one past `through` (the rest are
   * skipped: ts_rank looks up only the query's lexemes), and where each one's positions start;
   * returns how many were decoded.
   */
  private decode(slot: number, through: number): number {
    const at = this.docStart[slot] as number;
    if (at < 0) return 0;
    this.readAt = at;
    const n = this.readNumber();
    if (n > this.decodedIds.length) {
      this.decodedIds = new Int32Array(n);
      this.decodedOffsets = new Int32Array(n + 1);
    }
    let id = 0;
    let decoded = 0;
    while (decoded < n && id <= through) {
      id += this.readNumber();
      this.decodedIds[decoded++] = id;
    }
    // The ids not decoded: each ends with a byte below 0x80.
    const arena = this.docArena;
    for (let skipped = decoded; skipped < n; ) if ((arena[this.readAt++] as number) < 0x80) skipped += 1;
    let offset = 0;
    for (let k = 0; k < decoded; k += 1) {
      this.decodedOffsets[k] = offset;
      offset += this.readNumber();
    }
    this.decodedOffsets[decoded] = offset;
    return decoded;
  }

  /**
   * Drops the slots numbered -1 in `renumbered` and renumbers the others (see IndexData.compact()),
   * in place: each run of kept documents and their positions moves down, in one copy, to where the
   * kept ones before it end (the arenas hold documents in slot order, without gaps, so a move never
   * overwrites one not yet moved). The arenas keep their length: the room freed takes the documents
   * added next.
   */
  compact(renumbered: Int32Array, size: number): void {
    const { docArena, posArena, docStart, posStart } = this;
    let docAt = 0;
    let posAt = 0;
    let kept = 0;
    let slot = 0;
    while (slot < size) {
      if ((renumbered[slot] as number) < 0) {
        slot += 1;
        continue;
      }
      const docFrom = docStart[slot] as number;
      const posFrom = posStart[slot] as number;
      // Written below the slots still to be read (a slot's new number is never above it).
      let last = docFrom;
      for (; slot < size && (renumbered[slot] as number) >= 0; slot += 1) {
        const target = renumbered[slot] as number;
        last = docStart[slot] as number;
        docStart[target] = docAt + last - docFrom;
        posStart[target] = posAt + (posStart[slot] as number) - posFrom;
        kept += 1;
      }
      // The run ends where the next document starts: a removed one's start is kept (see remove()).
      const next = slot < size ? (docStart[slot] as number) : this.docUsed;
      const docEnd = next <= -2 ? -2 - next : next >= 0 ? next : this.endOf(last);
      const posEnd = slot < size ? (posStart[slot] as number) : this.posUsed;
      if (docFrom !== docAt) docArena.copyWithin(docAt, docFrom, docEnd);
      if (posFrom !== posAt) posArena.copyWithin(posAt, posFrom, posEnd);
      docAt += docEnd - docFrom;
      posAt += posEnd - posFrom;
    }
    docStart.fill(-1, kept, size);
    posStart.fill(0, kept, size);
    this.docUsed = docAt;
    this.posUsed = posAt;
    this.postings.compact(renumbered);
  }

  /** Where the document starting at `at` ends: n, n ids, n counts (a snapshot of an earlier version kept no start for removed ones). */
  private endOf(at: number): number {
    const arena = this.docArena;
    let end = at;
    let numbers = 1;
    for (let read = 0; read < numbers; read += 1) {
      let value = 0;
      for (let shift = 0; ; shift += 7) {
        const byte = arena[end++] as number;
        value += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) break;
      }
      if (read === 0) numbers = 1 + 2 * value;
    }
    return end;
  }

  /** Drops the spare room of the arenas and posting lists once a full load is done. */
  trim(): void {
    this.docArena = this.docArena.slice(0, this.docUsed);
    this.posArena = this.posArena.slice(0, this.posUsed);
    this.postings.settle();
    this.postings.trim();
  }

  /** Bytes of the arenas, posting lists and lexeme texts (the per-slot arrays are counted by IndexData). */
  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, bytes) => sum + bytes, 0);
  }

  bytesByPart(): { lexemes: number; positions: number; postings: number } {
    let postings = this.postings.bytes();
    for (const text of this.postings.ids.keys()) postings += 2 * text.length + 16;
    return { lexemes: this.docArena.byteLength, positions: this.posArena.byteLength, postings };
  }
}

/** Writes a non-negative number 7 bits a byte at `at`; returns where the next one goes. */
function writeNumber(arena: Uint8Array, at: number, value: number): number {
  let rest = value;
  while (rest >= 0x80) {
    arena[at++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 128);
  }
  arena[at++] = rest;
  return at;
}
