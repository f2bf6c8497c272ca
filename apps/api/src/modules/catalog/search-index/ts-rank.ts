/**
 * PostgreSQL's `ts_rank(vector, query)` (default weights, normalisation 0) recomputed in process,
 * so the search index orders the way the SQL path does, to the last bit: the same float4
 * arithmetic (`Math.fround` wherever C stores a float), the same operand order and the same
 * quirks (src/backend/utils/adt/tsrank.c, calc_rank_and / calc_rank_or).
 *
 * A position is stored as PostgreSQL stores a WordEntryPos: weight in the top 2 bits (A = 3,
 * B = 2, C = 1, D = 0), position in the low 14.
 */

const f = Math.fround;
const DEFAULT_WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
const TINY = f(1e-20);
const FAR = f(1e-30);

/** word_distance() for distances 1..100; exp() comes from PostgreSQL's own libm (see setExpTable). */
let distanceTable: Float64Array | undefined;

/**
 * Installs exp(d / 1.5 - 2) for d = 1..100 as PostgreSQL computes it (`select exp(...)`), so a last-bit
 * difference between V8's and the C library's exp() cannot reorder results.
 */
export function setExpTable(exps: number[]): void {
  const table = new Float64Array(101);
  for (let d = 1; d <= 100; d += 1) table[d] = f(1.0 / (1.005 + 0.05 * (exps[d - 1] as number)));
  distanceTable = table;
}

function wordDistance(distance: number): number {
  if (distance > 100) return FAR;
  const table = distanceTable;
  if (table) return table[distance] as number;
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}

const weightOf = (entry: number) => DEFAULT_WEIGHTS[entry >> 14] as number;
const positionOf = (entry: number) => entry & 0x3fff;

/**
 * Where one document keeps the positions of each query operand: `arena[starts[i]..ends[i])` for
 * operand i, or starts[i] = -1 when the document does not have it. Filled per document by the
 * caller, so ranking a document allocates nothing.
 */
export interface OperandPositions {
  arena: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * ts_rank of one document. The operands are the query's lexemes already sorted and de-duplicated
 * as SortAndUniqItems() does (byte order of the lexeme text): `count` of them, located by
 * `positions`; `andAtTop` is true when the query's root is an AND (two or more non-empty word groups).
 */
export function tsRank(count: number, andAtTop: boolean, positions: OperandPositions): number {
  if (count === 0) return 0;
  let rank = andAtTop && count >= 2 ? rankAnd(count, positions) : rankOr(count, positions);
  if (rank < 0) rank = TINY;
  return rank;
}

function rankOr(count: number, { arena, starts, ends }: OperandPositions): number {
  let res = 0;
  for (let operand = 0; operand < count; operand += 1) {
    const start = starts[operand] as number;
    if (start < 0) continue;
    const length = (ends[operand] as number) - start;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < length; j += 1) {
      const weight = weightOf(arena[start + j] as number);
      resj = f(resj + f(weight / ((j + 1) * (j + 1))));
      if (weight > wjm) {
        wjm = weight;
        jm = j;
      }
    }
    const inner = f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
    res = f(res + inner / 1.64493406685);
  }
  return f(res / count);
}

function rankAnd(count: number, { arena, starts, ends }: OperandPositions): number {
  let res = -1;
  for (let i = 0; i < count; i += 1) {
    const start = starts[i] as number;
    if (start < 0) continue;
    const end = ends[i] as number;
    for (let k = 0; k < i; k += 1) {
      const otherStart = starts[k] as number;
      if (otherStart < 0) continue;
      const otherEnd = ends[k] as number;
      for (let l = start; l < end; l += 1) {
        for (let p = otherStart; p < otherEnd; p += 1) {
          const a = arena[l] as number;
          const b = arena[p] as number;
          const distance = Math.abs(positionOf(a) - positionOf(b));
          if (distance === 0) continue; // every lexeme here has positions (no POSNULL case)
          const curw = f(Math.sqrt(f(f(weightOf(a) * weightOf(b)) * wordDistance(distance))));
          res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
  }
  return res;
}

/** Byte order of UTF-8 text (PostgreSQL's tsCompareString, and the C collation). */
export function compareBytes(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 puts surrogates (code points above U+FFFF) below U+E000..U+FFFF; UTF-8 does not.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** A parsed tsvector: lexemes with their packed positions, in the order PostgreSQL prints them. */
export interface ParsedVector {
  lexemes: string[];
  positions: number[][];
}

/** Parses tsvector text output (`'lexeme':1A,5 'it''s':3B`): quotes and backslashes come doubled. */
export function parseTsvector(text: string): ParsedVector {
  const lexemes: string[] = [];
  const positions: number[][] = [];
  let i = text.indexOf("'");
  while (i >= 0 && i < text.length) {
    // The closing quote is the first single one (a doubled quote is part of the lexeme).
    let close = text.indexOf("'", i + 1);
    while (close >= 0 && text[close + 1] === "'") close = text.indexOf("'", close + 2);
    if (close < 0) break;
    let lexeme = text.slice(i + 1, close);
    if (lexeme.includes("'")) lexeme = lexeme.replaceAll("''", "'");
    if (lexeme.includes('\\')) lexeme = lexeme.replaceAll('\\\\', '\\');
    i = close + 1;
    const packed: number[] = [];
    if (text.charCodeAt(i) === 58 /* : */) {
      i += 1;
      for (;;) {
        let position = 0;
        let code = text.charCodeAt(i);
        while (code >= 48 && code <= 57) {
          position = position * 10 + (code - 48);
          i += 1;
          code = text.charCodeAt(i);
        }
        // A = 3, B = 2, C = 1; D (weight 0) is not printed.
        const weight = code === 65 ? 3 : code === 66 ? 2 : code === 67 ? 1 : code === 68 ? 0 : -1;
        if (weight >= 0) i += 1;
        packed.push((Math.max(weight, 0) << 14) | position);
        if (text.charCodeAt(i) !== 44 /* , */) break;
        i += 1;
      }
    }
    lexemes.push(lexeme);
    positions.push(packed);
    i = text.indexOf("'", i);
  }
  return { lexemes, positions };
}

/** The lexemes of `to_tsquery('english', word)` for one word: [] for a stop word, undefined when not one plain lexeme. */
export function parseSingleWordQuery(text: string): string[] | undefined {
  if (text.trim() === '') return [];
  const parsed = parseTsvector(text);
  // A plain query prints as one quoted lexeme; operators (a word split in several) are not handled.
  const rebuilt = parsed.lexemes.map((l) => `'${l.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' ');
  if (parsed.lexemes.length !== 1 || rebuilt !== text.trim()) return undefined;
  return parsed.lexemes;
}
