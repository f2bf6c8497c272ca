import type { DatasetColumn, DatasetColumnType } from '@app/shared';

/**
 * Statistics of one column, fed one value at a time in bounded memory: exact distinct counts up
 * to EXACT_DISTINCT values, then a HyperLogLog estimate; the most common values by the
 * space-saving algorithm (TOP_COUNTERS counters, exact while a column has fewer distinct values).
 */

const EXACT_DISTINCT = 2_000;
const TOP_COUNTERS = 512;
const TOP_SHOWN = 5;
/** Longest text kept for a counted value (longer values are counted by their start). */
const KEPT_VALUE_CHARACTERS = 100;

type ValueKind = Exclude<DatasetColumnType, 'mixed' | 'empty'>;

const INTEGER = /^[-+]?(0|[1-9]\d*)$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BOOLEAN = /^(true|false)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** 53-bit string hash (cyrb53): good spread for the distinct-count sketch, no dependency. */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** HyperLogLog with 2^12 registers (about 1.6% standard error) over 53-bit hashes. */
export class HyperLogLog {
  private static readonly P = 12;
  private readonly registers = new Uint8Array(1 << HyperLogLog.P);

  add(hash: number): void {
    const m = this.registers.length;
    const index = hash % m;
    // The remaining 41 bits: rank = position of the first 1 bit, counted from 1.
    let rest = Math.floor(hash / m);
    let rank = 1;
    while (rank <= 41 && rest % 2 === 0) {
      rank += 1;
      rest = Math.floor(rest / 2);
    }
    if (rank > (this.registers[index] as number)) this.registers[index] = rank;
  }

  estimate(): number {
    const m = this.registers.length;
    let sum = 0;
    let zeros = 0;
    for (const register of this.registers) {
      sum += 2 ** -register;
      if (register === 0) zeros += 1;
    }
    const raw = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    return Math.round(raw);
  }
}

/** The kind of one non-empty text value (CSV cells, JSON strings). */
export function kindOfText(text: string, numbersAllowed = true): ValueKind {
  const trimmed = text.trim();
  // Most text starts with a letter: only a digit, a sign, a dot or t/f can start anything else.
  const first = trimmed.charCodeAt(0);
  const digit = first >= 48 && first <= 57;
  if (numbersAllowed) {
    if (digit || first === 43 || first === 45 || first === 46) {
      if (INTEGER.test(trimmed)) return 'integer';
      if (NUMBER.test(trimmed)) return 'number';
    } else if ((first | 32) === 116 || (first | 32) === 102) {
      if (BOOLEAN.test(trimmed)) return 'boolean';
    }
  }
  if (digit && DATE.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) return 'date';
  return 'string';
}

/** A value as one cell of text (for counting and showing), or null when it is empty. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  try {
    return JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner));
  } catch {
    return String(value);
  }
}

/** A typed value's kind and, for numbers, its value; null for an empty value. */
function classify(value: unknown, fromText: boolean): { kind: ValueKind; text: string; number: number | null } | null {
  const text = cellText(value);
  if (text === null) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { kind: 'number', text, number: null };
    return { kind: Number.isInteger(value) ? 'integer' : 'number', text, number: value };
  }
  if (typeof value === 'bigint') return { kind: 'integer', text, number: Number(value) };
  if (typeof value === 'boolean') return { kind: 'boolean', text, number: null };
  if (value instanceof Date) return { kind: 'date', text, number: null };
  if (typeof value === 'string') {
    const kind = kindOfText(value, fromText);
    return { kind, text, number: kind === 'integer' || kind === 'number' ? Number(value.trim()) : null };
  }
  return { kind: 'string', text, number: null };
}

export class ColumnStats {
  private rows = 0;
  private empty = 0;
  private readonly kinds = new Set<ValueKind>();
  private exact: Set<number> | null = new Set();
  private sketch: HyperLogLog | null = null;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private sum = 0;
  private numbers = 0;
  /** Value → count, for the first TOP_COUNTERS distinct values. */
  private readonly counters = new Map<string, number>();

  /**
   * @param name the column's name
   * @param textCells true when values are text to type (CSV/TSV cells); JSON and Parquet values carry their type
   */
  constructor(
    readonly name: string,
    private readonly textCells: boolean,
    emptyRowsBefore = 0,
  ) {
    this.rows = emptyRowsBefore;
    this.empty = emptyRowsBefore;
  }

  add(value: unknown): void {
    this.rows += 1;
    const classified = classify(value, this.textCells);
    if (!classified) {
      this.empty += 1;
      return;
    }
    this.kinds.add(classified.kind);
    if (classified.number !== null) {
      this.numbers += 1;
      this.sum += classified.number;
      if (classified.number < this.min) this.min = classified.number;
      if (classified.number > this.max) this.max = classified.number;
    }
    this.countDistinct(classified.text);
    this.countValue(classified.text.slice(0, KEPT_VALUE_CHARACTERS));
  }

  /** Counts a value missing from a row (a JSON line without the key). */
  addMissing(): void {
    this.rows += 1;
    this.empty += 1;
  }

  private countDistinct(text: string): void {
    const hash = hash53(text);
    if (this.exact) {
      this.exact.add(hash);
      if (this.exact.size <= EXACT_DISTINCT) return;
      this.sketch = new HyperLogLog();
      for (const seen of this.exact) this.sketch.add(seen);
      this.exact = null;
      return;
    }
    this.sketch?.add(hash);
  }

  private countValue(text: string): void {
    const count = this.counters.get(text);
    if (count !== undefined) this.counters.set(text, count + 1);
    else if (this.counters.size < TOP_COUNTERS) this.counters.set(text, 1);
  }

  /** The column's type: one kind, integer and number together as number, several as mixed. */
  type(): DatasetColumnType {
    if (this.kinds.size === 0) return 'empty';
    if (this.kinds.size === 1) return [...this.kinds][0] as DatasetColumnType;
    if (this.kinds.size === 2 && this.kinds.has('integer') && this.kinds.has('number')) return 'number';
    return 'mixed';
  }

  result(totalRows: number): DatasetColumn {
    const missing = Math.max(0, totalRows - this.rows);
    const empty = this.empty + missing;
    const type = this.type();
    const numeric = (type === 'integer' || type === 'number') && this.numbers > 0;
    const estimated = this.exact === null;
    const distinct = this.exact ? this.exact.size : Math.min(this.sketch?.estimate() ?? 0, totalRows - empty);
    return {
      name: this.name,
      type,
      empty_share: totalRows === 0 ? 0 : round(empty / totalRows, 4),
      distinct_count: distinct,
      distinct_estimated: estimated,
      min: numeric ? this.min : null,
      max: numeric ? this.max : null,
      mean: numeric ? round(this.sum / this.numbers, 6) : null,
      top_values: numeric || type === 'empty' ? [] : this.topValues(),
    };
  }

  private topValues(): { value: string; count: number }[] {
    return [...this.counters.entries()]
      .filter(([, count]) => count > 1)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, TOP_SHOWN)
      .map(([value, count]) => ({ value, count }));
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
