import { PostingLists } from './posting-lists';
import { type OperandPositions, parseTsvector } from './ts-rank';
import { grown } from './typed-arrays';

/**
 * The next length of an arena that must hold `needed`: doubled while small, then an eighth more,
 * so that the first change after a full load (which trims the arenas) does not double them.
 */
function roomFor(length: number, needed: number): number {
  return Math.max(needed, length < 1 << 24 ? 2 * length : length + (length >> 3));
}

/**
 * Every product's lexemes, with their positions, as PostgreSQL's tsvector holds them, and the
 * posting list of slots per lexeme. The lexemes are in one arena, not one array per product: at
 * docStart[slot], [n, n lexeme ids ascending, n + 1 offsets into the positions arena from
 * posStart[slot]]. A changed product's old entries stay until the next rebuild.
 */
export class Documents {
  postings = new PostingLists();
  docArena = new Int32Array(1 << 16);
  docUsed = 0;
  docStart: Int32Array;
  posArena = new Uint16Array(1 << 16);
  posUsed = 0;
  posStart: Int32Array;

  constructor(capacity: number) {
    this.docStart = new Int32Array(capacity).fill(-1);
    this.posStart = new Int32Array(capacity);
  }

  grow(capacity: number): void {
    this.docStart = grown(this.docStart, capacity);
    this.posStart = grown(this.posStart, capacity);
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
    if (this.docUsed + 2 * n + 2 > this.docArena.length)
      this.docArena = grown(this.docArena, roomFor(this.docArena.length, this.docUsed + 2 * n + 2));
    if (this.posUsed + total > this.posArena.length)
      this.posArena = grown(this.posArena, roomFor(this.posArena.length, this.posUsed + total));
    const base = this.docUsed;
    const doc = this.docArena;
    const positions = this.posArena;
    const posBase = this.posUsed;
    doc[base] = n;
    let offset = 0;
    for (let k = 0; k < n; k += 1) {
      const key = order[k] as number;
      const id = Math.floor(key / 65536);
      doc[base + 1 + k] = id;
      doc[base + n + 1 + k] = offset;
      for (const position of parsed.positions[key % 65536] as number[]) positions[posBase + offset++] = position;
      this.postings.post(id, slot);
    }
    doc[base + 2 * n + 1] = offset;
    this.docStart[slot] = base;
    this.posStart[slot] = posBase;
    this.docUsed += 2 * n + 2;
    this.posUsed += total;
  }

  /** The slot stays in the posting lists and arenas (skipped as dead) until the next rebuild. */
  remove(slot: number): void {
    this.docStart[slot] = -1;
  }

  /** Lexeme id, or undefined when no product (ever indexed in this generation) has it. */
  lexeme(text: string): number | undefined {
    return this.postings.ids.get(text);
  }

  /** True when the product has the lexeme. */
  has(slot: number, lexeme: number): boolean {
    return this.find(slot, lexeme) >= 0;
  }

  /** Locates the product's positions of each operand (see OperandPositions); unknown operands (negative ids) are absent. */
  locateOperands(slot: number, operands: readonly number[], into: OperandPositions): void {
    into.arena = this.posArena;
    const base = this.docStart[slot] as number;
    const posBase = this.posStart[slot] as number;
    const n = base < 0 ? 0 : (this.docArena[base] as number);
    for (let i = 0; i < operands.length; i += 1) {
      const at = this.find(slot, operands[i] as number);
      if (at < 0) {
        into.starts[i] = -1;
        continue;
      }
      into.starts[i] = posBase + (this.docArena[base + n + 1 + at] as number);
      into.ends[i] = posBase + (this.docArena[base + n + 2 + at] as number);
    }
  }

  /** The lexeme's index among the product's lexemes, or -1. */
  private find(slot: number, lexeme: number): number {
    const base = this.docStart[slot] as number;
    if (base < 0 || lexeme < 0) return -1;
    const arena = this.docArena;
    const n = arena[base] as number;
    let low = base + 1;
    let high = base + n + 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((arena[middle] as number) < lexeme) low = middle + 1;
      else high = middle;
    }
    return low <= base + n && arena[low] === lexeme ? low - base - 1 : -1;
  }

  /** Drops the spare room of the arenas and posting lists once a full load is done. */
  trim(): void {
    this.docArena = this.docArena.slice(0, this.docUsed);
    this.posArena = this.posArena.slice(0, this.posUsed);
    this.postings.trim();
  }

  /** Bytes of the arenas, posting lists and lexeme texts (the per-slot arrays are counted by IndexData). */
  bytes(): number {
    let total = this.docArena.byteLength + this.posArena.byteLength + this.postings.bytes();
    for (const text of this.postings.ids.keys()) total += 2 * text.length + 16;
    return total;
  }
}
