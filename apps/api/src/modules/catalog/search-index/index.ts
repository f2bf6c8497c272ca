import {
  findCategory,
  findLicense,
  PRICE_BANDS,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_PAGE_LIMIT_MAX,
  PRODUCT_TOTAL_CAP,
  type ProductListQuery,
  RATING_THRESHOLDS,
} from '@app/shared';
import { and, asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema';
import { productJson } from '../present';
import { type FacetRow, isPublicProduct, type ProductRow, productColumns, publicProductCount } from '../repository';
import type { CorrectedWord } from '../typos';
import { compareBytes, type OperandPositions, parseSingleWordQuery, parseTsvector, setExpTable, tsRank } from './ts-rank';

/**
 * The public catalogue (approved, not deleted, seller not suspended) as an in-memory search index: a derived read model
 * of PostgreSQL, which stays the source of truth. It answers a public search with exactly the SQL
 * path's matches, ranking, capped total and facets (see repository.ts listProducts), and the page's
 * rows as the API sends them: each public product's JSON (presentProduct, encoded through the
 * response schema) is kept as UTF-8 bytes, written when the product is read, so a search makes no
 * round trip for its rows and serialises nothing per row.
 *
 * What it keeps per product is what search reads: PostgreSQL's own tsvector (lexemes with
 * positions, so `@@` and `ts_rank` are reproduced rather than re-implemented with another
 * stemmer), the lower-cased title, the filter and sort columns, the row's JSON. Query words become lexemes through
 * PostgreSQL's `to_tsquery('english', word)`, cached per word.
 *
 * Sync: a full load, then changes since a watermark on `updated_at` (with an overlap window for
 * transactions that commit late), checked at most every `checkEveryMs` in the background, or
 * before every search when that is 0 (tests, where every write must show at once). A product that
 * changes gets a new slot and its old one is marked dead; a full reload compacts the dead ones.
 */

/** Rows re-read on every refresh: a transaction that commits up to this long after it stamped updated_at is not missed. */
const OVERLAP_US = 60_000_000;
// Small batches: parsing one batch blocks the event loop, and the API keeps serving during a load.
const LOAD_BATCH = 1000;
/** Bytes per chunk of the rows' JSON (a few thousand rows each). */
const ROW_CHUNK = 4 << 20;
/** Past this share of dead slots (changed or removed products), the index is rebuilt. */
const DEAD_SHARE = 0.25;
const MAX_CACHED_WORDS = 100_000;

/** What the index reads of a product: the row as the API presents it, plus PostgreSQL's own search data. */
const INDEXED_COLUMNS = {
  ...productColumns,
  titleLower: sql<string>`lower(${products.title})`,
  titleLength: sql<number>`length(${products.title})`,
  createdUs: sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text`,
  updatedUs: sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`,
  vector: sql<string>`${products.searchVector}::text`,
  isPublic: sql<boolean>`${isPublicProduct}`,
};
type IndexedProductRow = ProductRow & {
  titleLower: string;
  titleLength: number;
  createdUs: string;
  updatedUs: string;
  vector: string;
  isPublic: boolean;
};

/** Small string sets (categories, licences, sellers) as numbers. */
class Codes {
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  values(): string[] {
    return [...this.codes.keys()];
  }
}

function grown<T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

/** PostgreSQL's regex word characters under the C locale: the runs a `\m` word start begins. */
const WORD_RUNS = /[0-9A-Za-z_]+/g;

/**
 * Per-slot working space of one search at a time (a search runs without awaiting in between), kept
 * between searches. Sets of slots are bitsets: a 100k catalogue's set is 12.5 kB, cheap to clear
 * and to keep in cache while posting lists are walked.
 */
class Scratch {
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
  }
}

function hasSlot(set: Int32Array, slot: number): boolean {
  return ((set[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;
}

function addSlot(set: Int32Array, slot: number): void {
  (set[slot >>> 5] as number) |= 1 << (slot & 31);
}

/** Adds every slot of the lexemes' (or title tokens') posting lists to the set. */
function addPostings(set: Int32Array, lists: Int32Array[], sizes: number[], ids: readonly number[]): void {
  for (const id of ids) {
    const list = lists[id] as Int32Array;
    const size = sizes[id] as number;
    for (let i = 0; i < size; i += 1) {
      const slot = list[i] as number;
      (set[slot >>> 5] as number) |= 1 << (slot & 31);
    }
  }
}

/** Writes the set's slots in ascending order into `into`; returns how many. */
function slotsOf(set: Int32Array, into: Int32Array): number {
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

/** One generation of the index: products in slots, posting lists of slots per lexeme. */
export class IndexData {
  size = 0;
  aliveCount = 0;
  private capacity: number;
  alive: Uint8Array;
  readonly ids: string[] = [];
  readonly titles: string[] = [];
  titleLength: Int32Array;
  category: Int32Array;
  license: Int32Array;
  seller: Int32Array;
  price: Int32Array;
  rating: Float64Array;
  reviews: Int32Array;
  sales: Int32Array;
  featured: Uint8Array;
  created: Float64Array;
  updated: Float64Array;
  /** The id's first 48 bits as a number: ids compare as their text does whenever these differ. */
  idKey: Float64Array;
  /**
   * Every product's lexemes in one arena, not one array per product: at docStart[slot],
   * [n, n lexeme ids ascending, n + 1 offsets into the positions arena from posStart[slot]].
   * A changed product's old entries stay until the next rebuild.
   */
  docArena = new Int32Array(1 << 16);
  docUsed = 0;
  docStart: Int32Array;
  posArena = new Uint16Array(1 << 16);
  posUsed = 0;
  posStart: Int32Array;
  /**
   * Every product's JSON (UTF-8) in fixed-size chunks, never copied as they fill: chunk
   * rowChunk[slot], from rowStart[slot], rowLength[slot] bytes. A changed product's old bytes stay
   * until the next rebuild.
   */
  rowChunks: Buffer[] = [];
  rowUsed = ROW_CHUNK;
  rowChunk: Int32Array;
  rowStart: Int32Array;
  rowLength: Int32Array;
  readonly slotOf = new Map<string, number>();
  readonly categories = new Codes();
  readonly licenses = new Codes();
  readonly sellers = new Codes();
  readonly lexemeIds = new Map<string, number>();
  postings: Int32Array[] = [];
  postingSize: number[] = [];
  /** Title tokens (runs of regex word characters of the lower-cased title) and the slots whose title has each. */
  readonly titleTokenIds = new Map<string, number>();
  titlePostings: Int32Array[] = [];
  titlePostingSize: number[] = [];
  /** The title tokens in code-unit order (they are ASCII), for prefix ranges; rebuilt when a token was added. */
  private sortedTokens?: string[];
  /** Per slot: the PRICE_BANDS index of its price (255: none), and a bit per RATING_THRESHOLDS entry it reaches. */
  priceBand: Uint8Array;
  ratingMask: Uint8Array;
  private scratch = new Scratch();

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.alive = new Uint8Array(capacity);
    this.titleLength = new Int32Array(capacity);
    this.category = new Int32Array(capacity);
    this.license = new Int32Array(capacity);
    this.seller = new Int32Array(capacity);
    this.price = new Int32Array(capacity);
    this.rating = new Float64Array(capacity);
    this.reviews = new Int32Array(capacity);
    this.sales = new Int32Array(capacity);
    this.featured = new Uint8Array(capacity);
    this.created = new Float64Array(capacity);
    this.updated = new Float64Array(capacity);
    this.idKey = new Float64Array(capacity);
    this.docStart = new Int32Array(capacity).fill(-1);
    this.posStart = new Int32Array(capacity);
    this.rowChunk = new Int32Array(capacity);
    this.rowStart = new Int32Array(capacity);
    this.rowLength = new Int32Array(capacity);
    this.priceBand = new Uint8Array(capacity);
    this.ratingMask = new Uint8Array(capacity);
  }

  /** The working arrays of one search, sized for every slot. */
  scratchSpace(): Scratch {
    this.scratch.fit(this.capacity);
    return this.scratch;
  }

  /** Every title token that starts with `prefix`. */
  tokensStartingWith(prefix: string): number[] {
    this.sortedTokens ??= [...this.titleTokenIds.keys()].sort();
    const sorted = this.sortedTokens;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length && (sorted[i] as string).startsWith(prefix); i += 1)
      found.push(this.titleTokenIds.get(sorted[i] as string) as number);
    return found;
  }

  get deadCount(): number {
    return this.size - this.aliveCount;
  }

  add(row: IndexedProductRow): void {
    this.remove(row.id);
    if (this.size === this.capacity) this.grow(this.capacity * 2);
    const slot = this.size;
    this.size += 1;
    this.aliveCount += 1;
    this.alive[slot] = 1;
    this.slotOf.set(row.id, slot);
    this.ids[slot] = row.id;
    // Lower-case hex orders as its value, so the first 12 digits order ids as their text does.
    this.idKey[slot] = Number.parseInt(row.id.slice(0, 8), 16) * 65536 + Number.parseInt(row.id.slice(9, 13), 16);
    this.titles[slot] = row.titleLower;
    this.titleLength[slot] = row.titleLength;
    this.category[slot] = this.categories.code(row.category);
    this.license[slot] = this.licenses.code(row.license);
    this.seller[slot] = this.sellers.code(row.sellerId);
    this.price[slot] = row.priceCents;
    this.rating[slot] = row.ratingAverage;
    this.reviews[slot] = row.reviewCount;
    this.sales[slot] = row.salesCount;
    this.featured[slot] = row.featured ? 1 : 0;
    this.created[slot] = Number(row.createdUs);
    this.updated[slot] = Number(row.updatedUs);
    this.addDocument(slot, row.vector);
    this.addTitle(slot, row.titleLower);
    this.addRow(slot, productJson(row));
    this.priceBand[slot] = PRICE_BANDS.findIndex(
      (band) => row.priceCents >= band.min * 100 && (band.max === null || row.priceCents < band.max * 100),
    );
    let mask = 0;
    RATING_THRESHOLDS.forEach((threshold, bit) => {
      if (row.ratingAverage >= threshold) mask |= 1 << bit;
    });
    this.ratingMask[slot] = mask;
  }

  /** Posts the slot under each distinct token of its title (slots only grow, so lists stay sorted). */
  private addTitle(slot: number, title: string): void {
    for (const token of new Set(title.match(WORD_RUNS))) {
      let id = this.titleTokenIds.get(token);
      if (id === undefined) {
        id = this.titleTokenIds.size;
        this.titleTokenIds.set(token, id);
        this.titlePostings.push(new Int32Array(4));
        this.titlePostingSize.push(0);
        this.sortedTokens = undefined;
      }
      let list = this.titlePostings[id] as Int32Array;
      const size = this.titlePostingSize[id] as number;
      if (size === list.length) {
        list = grown(list, size * 2);
        this.titlePostings[id] = list;
      }
      list[size] = slot;
      this.titlePostingSize[id] = size + 1;
    }
  }

  /** The product's JSON as the API sends it (a view into the arena, not a copy). */
  rowJson(slot: number): Uint8Array {
    const start = this.rowStart[slot] as number;
    return (this.rowChunks[this.rowChunk[slot] as number] as Buffer).subarray(start, start + (this.rowLength[slot] as number));
  }

  private addRow(slot: number, json: string): void {
    const length = Buffer.byteLength(json);
    if (this.rowUsed + length > (this.rowChunks.at(-1)?.length ?? 0)) {
      // Chunks grow with the catalogue up to ROW_CHUNK, so a small one wastes little.
      const held = this.rowChunks.reduce((sum, chunk) => sum + chunk.length, 0);
      this.rowChunks.push(Buffer.allocUnsafe(Math.max(Math.min(ROW_CHUNK, Math.max(held, 1 << 16)), length)));
      this.rowUsed = 0;
    }
    (this.rowChunks.at(-1) as Buffer).write(json, this.rowUsed, 'utf8');
    this.rowChunk[slot] = this.rowChunks.length - 1;
    this.rowStart[slot] = this.rowUsed;
    this.rowLength[slot] = length;
    this.rowUsed += length;
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.aliveCount -= 1;
    // The slot stays in the posting lists and arenas (skipped as dead) until the next rebuild.
    this.docStart[slot] = -1;
    this.titles[slot] = '';
  }

  /** Lexeme id, or undefined when no product (ever indexed in this generation) has it. */
  lexeme(text: string): number | undefined {
    return this.lexemeIds.get(text);
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

  /** Byte order of two slots' ids (-1 or 1; a slot is never compared with itself). */
  compareIds(a: number, b: number): number {
    const difference = (this.idKey[a] as number) - (this.idKey[b] as number);
    if (difference !== 0) return difference < 0 ? -1 : 1;
    return (this.ids[a] as string) < (this.ids[b] as string) ? -1 : 1;
  }

  /** True when the product has the lexeme. */
  has(slot: number, lexeme: number): boolean {
    return this.find(slot, lexeme) >= 0;
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

  /** Bytes held by the typed arrays and strings (an estimate: object headers not counted). */
  bytes(): number {
    let total =
      this.capacity * (1 + 4 * 11 + 8 * 4 + 4 * 2 + 2) +
      this.docArena.byteLength +
      this.posArena.byteLength +
      this.rowChunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    for (let slot = 0; slot < this.size; slot += 1) total += 2 * ((this.titles[slot]?.length ?? 0) + 36);
    for (const posting of this.postings) total += posting.byteLength;
    for (const posting of this.titlePostings) total += posting.byteLength;
    for (const text of this.lexemeIds.keys()) total += 2 * text.length + 16;
    return total;
  }

  /** Drops the spare room of growable arrays once a full load is done. */
  trim(): void {
    this.docArena = this.docArena.slice(0, this.docUsed);
    this.posArena = this.posArena.slice(0, this.posUsed);
    this.postings = this.postings.map((list, lexeme) => list.slice(0, Math.max(1, this.postingSize[lexeme] as number)));
    this.titlePostings = this.titlePostings.map((list, token) =>
      list.slice(0, Math.max(1, this.titlePostingSize[token] as number)),
    );
  }

  private addDocument(slot: number, vectorText: string): void {
    const parsed = parseTsvector(vectorText);
    const n = parsed.lexemes.length;
    // Lexemes ordered by id: sort (id * 65536 + index) numerically, no comparator.
    const order = new Float64Array(n);
    for (let i = 0; i < n; i += 1) order[i] = this.lexemeId(parsed.lexemes[i] as string) * 65536 + i;
    order.sort();
    let total = 0;
    for (const entry of parsed.positions) total += entry.length;
    if (this.docUsed + 2 * n + 2 > this.docArena.length)
      this.docArena = grown(this.docArena, Math.max(2 * this.docArena.length, this.docUsed + 2 * n + 2));
    if (this.posUsed + total > this.posArena.length)
      this.posArena = grown(this.posArena, Math.max(2 * this.posArena.length, this.posUsed + total));
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
      this.post(id, slot);
    }
    doc[base + 2 * n + 1] = offset;
    this.docStart[slot] = base;
    this.posStart[slot] = posBase;
    this.docUsed += 2 * n + 2;
    this.posUsed += total;
  }

  private lexemeId(text: string): number {
    let id = this.lexemeIds.get(text);
    if (id === undefined) {
      id = this.lexemeIds.size;
      this.lexemeIds.set(text, id);
      this.postings.push(new Int32Array(4));
      this.postingSize.push(0);
    }
    return id;
  }

  /** Slots only ever grow, so appending keeps every posting list sorted. */
  private post(lexeme: number, slot: number): void {
    let list = this.postings[lexeme] as Int32Array;
    const size = this.postingSize[lexeme] as number;
    if (size === list.length) {
      list = grown(list, size * 2);
      this.postings[lexeme] = list;
    }
    list[size] = slot;
    this.postingSize[lexeme] = size + 1;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.alive = grown(this.alive, capacity);
    this.titleLength = grown(this.titleLength, capacity);
    this.category = grown(this.category, capacity);
    this.license = grown(this.license, capacity);
    this.seller = grown(this.seller, capacity);
    this.price = grown(this.price, capacity);
    this.rating = grown(this.rating, capacity);
    this.reviews = grown(this.reviews, capacity);
    this.sales = grown(this.sales, capacity);
    this.featured = grown(this.featured, capacity);
    this.created = grown(this.created, capacity);
    this.updated = grown(this.updated, capacity);
    this.idKey = grown(this.idKey, capacity);
    this.docStart = grown(this.docStart, capacity);
    this.posStart = grown(this.posStart, capacity);
    this.rowChunk = grown(this.rowChunk, capacity);
    this.rowStart = grown(this.rowStart, capacity);
    this.rowLength = grown(this.rowLength, capacity);
    this.priceBand = grown(this.priceBand, capacity);
    this.ratingMask = grown(this.ratingMask, capacity);
  }
}

/** What a search returns before the page's rows are loaded. */
export interface IndexResult {
  ids: string[];
  /** The page's products as JSON (UTF-8), in page order: see IndexData.rowJson(). */
  rows: Uint8Array[];
  /** Matches counted, exact (the index counts every match cheaply; the page caps it). */
  matched: number;
  facets: FacetRow[];
}

/** The corrected words in the index's terms: lexeme ids per word group, typo levels, title patterns. */
interface PlannedQuery {
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
function plan(data: IndexData, words: CorrectedWord[], lexemesOf: LexemesOf): PlannedQuery | undefined {
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

/** The filters of repository.ts filters(), for the public catalogue; undefined when there are none. */
function filterFor(data: IndexData, query: ProductListQuery): ((slot: number) => boolean) | undefined {
  const category = findCategory(query.category);
  const license = findLicense(query.license);
  const categoryCode = category ? (data.categories.find(category.slug) ?? -1) : undefined;
  const licenseCode = license ? (data.licenses.find(license.slug) ?? -1) : undefined;
  const sellerCode = query.seller_id ? (data.sellers.find(query.seller_id.toLowerCase()) ?? -1) : undefined;
  const minPrice = query.min_price === undefined ? undefined : Math.round(query.min_price * 100);
  const maxPrice = query.max_price === undefined ? undefined : Math.round(query.max_price * 100);
  const minRating = query.min_rating;
  const featured = query.featured === undefined ? undefined : query.featured ? 1 : 0;
  const none = [categoryCode, licenseCode, sellerCode, minPrice, maxPrice, minRating, featured].every((v) => v === undefined);
  if (none) return undefined;
  return (slot) =>
    (categoryCode === undefined || data.category[slot] === categoryCode) &&
    (licenseCode === undefined || data.license[slot] === licenseCode) &&
    (sellerCode === undefined || data.seller[slot] === sellerCode) &&
    (minPrice === undefined || (data.price[slot] as number) >= minPrice) &&
    (maxPrice === undefined || (data.price[slot] as number) <= maxPrice) &&
    (minRating === undefined || (data.rating[slot] as number) >= minRating) &&
    (featured === undefined || data.featured[slot] === featured);
}

/**
 * Matching slots in ascending order: every group holds one of its lexemes (`@@`), alive, filtered;
 * also left in scratch.matched. The smallest group gives the candidates; each larger group then
 * keeps those that have one of its lexemes, read from the product's own lexemes when the
 * candidates are few, else from the group's posting lists. A view into the search's scratch
 * space, valid until the next search.
 */
function matchingSlots(data: IndexData, planned: PlannedQuery, keep: ((slot: number) => boolean) | undefined): Int32Array {
  const scratch = data.scratchSpace();
  const matched = scratch.matched;
  matched.fill(0);
  if (!planned.satisfiable) return new Int32Array(0);
  const postingsOf = (lexemes: number[]) => lexemes.reduce((sum, lexeme) => sum + (data.postingSize[lexeme] as number), 0);
  const groups = planned.groups
    .map((lexemes) => ({ lexemes, postings: postingsOf(lexemes) }))
    .sort((a, b) => a.postings - b.postings);
  const found = scratch.matches;
  const smallest = (groups[0] as (typeof groups)[number]).lexemes;
  if (groups.length === 1 && smallest.length === 1 && !keep && data.deadCount === 0) {
    // One lexeme, no filter, no dead slot: its posting list is the answer.
    const lexeme = smallest[0] as number;
    addPostings(matched, data.postings, data.postingSize, smallest);
    return (data.postings[lexeme] as Int32Array).subarray(0, data.postingSize[lexeme] as number);
  }
  let count: number;
  if (smallest.length === 1) {
    const lexeme = smallest[0] as number;
    count = data.postingSize[lexeme] as number;
    found.set((data.postings[lexeme] as Int32Array).subarray(0, count));
  } else {
    // Several posting lists (each in order) merged through a set, which lists its slots in order.
    const union = scratch.setA;
    union.fill(0);
    addPostings(union, data.postings, data.postingSize, smallest);
    count = slotsOf(union, found);
  }
  for (let g = 1; g < groups.length && count > 0; g += 1) {
    const { lexemes, postings } = groups[g] as (typeof groups)[number];
    let kept = 0;
    if (count * lexemes.length * 64 < postings) {
      for (let i = 0; i < count; i += 1) {
        const slot = found[i] as number;
        if (lexemes.some((lexeme) => data.has(slot, lexeme))) found[kept++] = slot;
      }
    } else {
      const group = scratch.setA;
      group.fill(0);
      addPostings(group, data.postings, data.postingSize, lexemes);
      for (let i = 0; i < count; i += 1) {
        const slot = found[i] as number;
        if (hasSlot(group, slot)) found[kept++] = slot;
      }
    }
    count = kept;
  }
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

/** Slots whose lower-cased title holds the words in order, each at a word start (`\m(a|b).*\m(c|d)` in PostgreSQL). */
function titleHoldsWordsInOrder(title: string, titleWords: string[][]): boolean {
  let cursor = 0;
  for (const alternatives of titleWords) {
    let bestEnd = -1;
    for (const word of alternatives) {
      let at = title.indexOf(word, cursor);
      while (at >= 0 && !isWordStart(title, at)) at = title.indexOf(word, at + 1);
      if (at >= 0 && (bestEnd < 0 || at + word.length < bestEnd)) bestEnd = at + word.length;
    }
    if (bestEnd < 0) return false;
    cursor = bestEnd;
  }
  return true;
}

/** PostgreSQL's regex word characters under the C locale the database uses: ASCII letters, digits, '_'. */
function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isWordStart(text: string, at: number): boolean {
  return isWordChar(text.charCodeAt(at)) && (at === 0 || !isWordChar(text.charCodeAt(at - 1)));
}

/** The k best slots by `compare` (best first), without sorting every candidate. */
function best(candidates: ArrayLike<number>, k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 4 >= candidates.length) return Array.from(candidates).sort(compare).slice(0, k);
  // A heap whose root is the worst of the best k so far.
  const heap: number[] = [];
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const siftUp = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i] as number, heap[parent] as number)) break;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < heap.length && worse(heap[left] as number, heap[top] as number)) top = left;
      if (right < heap.length && worse(heap[right] as number, heap[top] as number)) top = right;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top] as number, heap[i] as number];
      i = top;
    }
  };
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i] as number;
    if (heap.length < k) {
      heap.push(slot);
      siftUp(heap.length - 1);
    } else if (compare(slot, heap[0] as number) < 0) {
      heap[0] = slot;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}

/** repository.ts ordering() for a search sorted by something other than relevance. */
function sortedOrder(data: IndexData, query: ProductListQuery): (a: number, b: number) => number {
  const sign = query.sort_order === 'asc' ? 1 : -1;
  // Written out per sort (no composed closures): this runs once per match.
  const byColumn =
    (column: ArrayLike<number>) =>
    (a: number, b: number): number => {
      const difference = (column[a] as number) - (column[b] as number);
      return difference !== 0 ? sign * difference : sign * data.compareIds(a, b);
    };
  switch (query.sort_by ?? 'created_at') {
    case 'price':
      return byColumn(data.price);
    case 'rating': {
      const { rating, reviews } = data;
      return (a, b) => {
        const difference = (rating[a] as number) - (rating[b] as number) || (reviews[a] as number) - (reviews[b] as number);
        return difference !== 0 ? sign * difference : sign * data.compareIds(a, b);
      };
    }
    case 'popularity':
      return byColumn(data.sales);
    case 'title': {
      const titleSign = query.sort_order === 'desc' ? -1 : 1;
      return (a, b) =>
        titleSign * compareBytes(data.titles[a] as string, data.titles[b] as string) || titleSign * data.compareIds(a, b);
    }
    default:
      return byColumn(data.created);
  }
}

/**
 * Per matching slot, the typos of the words it matched (the SQL path's CASE per word: the first
 * level whose alternatives the product has, else the last), read from the posting lists.
 */
function typoCounts(data: IndexData, planned: PlannedQuery, matches: Int32Array): Int32Array {
  const scratch = data.scratchSpace();
  if (planned.typoWords.length === 0) return scratch.zeros;
  const keys = scratch.keys;
  for (const slot of matches) keys[slot] = 0;
  const level = scratch.levels;
  for (const word of planned.typoWords) {
    level.fill(0, 0, data.size);
    word.lexemes.forEach((lexemes, index) => {
      for (const lexeme of lexemes) {
        const list = data.postings[lexeme] as Int32Array;
        const size = data.postingSize[lexeme] as number;
        for (let i = 0; i < size; i += 1) if (level[list[i] as number] === 0) level[list[i] as number] = index + 1;
      }
    });
    const last = word.levels.length - 1;
    for (const slot of matches) (keys[slot] as number) += word.levels[level[slot] ? (level[slot] as number) - 1 : last] as number;
  }
  return keys;
}

/**
 * The matching slots whose lower-cased title holds the query words in order, each at a word start
 * (the SQL path's `lower(title) ~ '\m(a|b).*\m(c|d)'`), also left in scratch.inTitle (and in
 * scratch.exactTitle when the title is the query itself). Only candidates are checked: a word
 * found at a word start begins a title token that starts with the word's leading run of word
 * characters, so the title token lists give a superset cheaply. When those lists are longer than
 * the matches, every match is checked instead.
 */
function titleMatches(data: IndexData, planned: PlannedQuery, matches: Int32Array): number[] {
  const scratch = data.scratchSpace();
  const words = planned.titleWords;
  const exact = planned.exactTitles;
  const inTitle = scratch.inTitle;
  const exactTitle = scratch.exactTitle;
  inTitle.fill(0);
  exactTitle.fill(0);
  const found: number[] = [];
  const check = (slot: number) => {
    const title = data.titles[slot] as string;
    if (!titleHoldsWordsInOrder(title, words)) return;
    addSlot(inTitle, slot);
    if (title === exact[0] || title === exact[1]) addSlot(exactTitle, slot);
    found.push(slot);
  };
  const tokenLists = words.map((alternatives) => {
    const tokens = new Set<number>();
    for (const word of alternatives) {
      const run = word.match(LEADING_WORD_RUN)?.[0];
      if (run) for (const token of data.tokensStartingWith(run)) tokens.add(token);
    }
    return [...tokens];
  });
  let work = 0;
  for (const tokens of tokenLists) for (const token of tokens) work += data.titlePostingSize[token] as number;
  if (work > 4 * matches.length) {
    for (const slot of matches) check(slot);
    return found;
  }
  // Candidates: matches whose title has, for every word, a token the word may begin.
  // For one word made of word characters only, that is exactly the title test: no text to read
  // but for the exact-title check, and only for titles of the right length.
  const plainWord = words.length === 1 && (words[0] as string[]).every((w) => w.match(LEADING_WORD_RUN)?.[0] === w);
  const exactLengths = exact.map((text) => [...text].length);
  const visit = plainWord
    ? (slot: number) => {
        addSlot(inTitle, slot);
        const length = data.titleLength[slot] as number;
        if (exactLengths.includes(length)) {
          const title = data.titles[slot] as string;
          if (title === exact[0] || title === exact[1]) addSlot(exactTitle, slot);
        }
        found.push(slot);
      }
    : check;
  const candidates = scratch.setA;
  candidates.set(scratch.matched);
  const word = scratch.setB;
  for (const tokens of tokenLists) {
    word.fill(0);
    addPostings(word, data.titlePostings, data.titlePostingSize, tokens);
    for (let i = 0; i < candidates.length; i += 1) (candidates[i] as number) &= word[i] as number;
  }
  forEachSlot(candidates, visit);
  return found;
}

/** Calls `visit` with every slot of the set, in ascending order. */
function forEachSlot(set: Int32Array, visit: (slot: number) => void): void {
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      visit((word << 5) + 31 - Math.clz32(lowest));
      bits ^= lowest;
    }
  }
}

const LEADING_WORD_RUN = /^[0-9A-Za-z_]+/;

/** repository.ts rankedSearch(): words in order in the title first, then the rest; typos, relevance, popularity. */
function rankedPage(data: IndexData, planned: PlannedQuery, matches: Int32Array, offset: number, limit: number): number[] {
  const wanted = offset + limit;
  const keys = typoCounts(data, planned, matches);
  const inTitle = titleMatches(data, planned, matches);
  const scratch = data.scratchSpace();
  const exactTitle = scratch.exactTitle;
  const sales = data.sales;
  const titleLength = data.titleLength;
  const first = best(inTitle, wanted, (a, b) => {
    const exactA = hasSlot(exactTitle, a) ? 0 : 1;
    const exactB = hasSlot(exactTitle, b) ? 0 : 1;
    return (
      exactA - exactB ||
      (keys[a] as number) - (keys[b] as number) ||
      (titleLength[a] as number) - (titleLength[b] as number) ||
      (sales[b] as number) - (sales[a] as number) ||
      data.compareIds(b, a)
    );
  });
  if (first.length >= wanted) return first.slice(offset);
  const restOffset = Math.max(0, offset - first.length);
  const restWanted = restOffset + wanted - Math.max(offset, first.length);
  let restPage: number[];
  // ts_rank only when the total is not capped (as the SQL path, which would read every vector).
  if (matches.length <= PRODUCT_TOTAL_CAP) {
    const rest: number[] = [];
    for (const slot of matches) if (!hasSlot(scratch.inTitle, slot)) rest.push(slot);
    const ranks = scratch.ranks;
    const andAtTop = planned.groups.length >= 2;
    const operands = planned.operands;
    const located: OperandPositions = {
      arena: data.posArena,
      starts: new Int32Array(operands.length),
      ends: new Int32Array(operands.length),
    };
    for (const slot of rest) {
      data.locateOperands(slot, operands, located);
      ranks[slot] = tsRank(operands.length, andAtTop, located);
    }
    restPage = best(rest, restWanted, (a, b) => {
      const typoOrder = (keys[a] as number) - (keys[b] as number);
      if (typoOrder !== 0) return typoOrder;
      const rankA = ranks[a] as number;
      const rankB = ranks[b] as number;
      if (rankA !== rankB) return rankB > rankA ? 1 : -1;
      return (sales[b] as number) - (sales[a] as number) || data.compareIds(b, a);
    });
  } else restPage = mostPopular(data, matches, keys, scratch.inTitle, restWanted);
  return [...first.slice(offset), ...restPage.slice(restOffset)];
}

/**
 * The k best matches outside the title bucket of a capped search (no ts_rank): fewest typos, then
 * most sales, then the highest id. One pass with a heap of k, the comparison written out (this is
 * the hot loop of searches with many matches).
 */
function mostPopular(data: IndexData, matches: Int32Array, typos: Int32Array, inTitle: Int32Array, k: number): number[] {
  if (k <= 0) return [];
  const sales = data.sales;
  // True when slot a ranks after slot b.
  const after = (a: number, b: number): boolean => {
    const typoOrder = (typos[a] as number) - (typos[b] as number);
    if (typoOrder !== 0) return typoOrder > 0;
    const salesOrder = (sales[b] as number) - (sales[a] as number);
    if (salesOrder !== 0) return salesOrder > 0;
    return data.compareIds(a, b) < 0;
  };
  const heap: number[] = [];
  for (const slot of matches) {
    if (hasSlot(inTitle, slot)) continue;
    if (heap.length < k) {
      heap.push(slot);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!after(heap[i] as number, heap[parent] as number)) break;
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      }
    } else if (after(heap[0] as number, slot)) {
      heap[0] = slot;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < k && after(heap[left] as number, heap[worst] as number)) worst = left;
        if (right < k && after(heap[right] as number, heap[worst] as number)) worst = right;
        if (worst === i) break;
        [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
        i = worst;
      }
    }
  }
  return heap.sort((a, b) => (after(a, b) ? 1 : -1));
}

/** repository.ts countAndFacets(): facets over the first PRODUCT_TOTAL_CAP + 1 matches. */
function facetsOf(data: IndexData, matches: Int32Array): FacetRow[] {
  const categories = data.categories.values();
  const licenses = data.licenses.values();
  const byCategory = new Int32Array(categories.length);
  const byLicense = new Int32Array(licenses.length);
  const byBand = new Int32Array(PRICE_BANDS.length + 1);
  const byRating = new Int32Array(RATING_THRESHOLDS.length);
  const counted = Math.min(matches.length, PRODUCT_TOTAL_CAP + 1);
  for (let i = 0; i < counted; i += 1) {
    const slot = matches[i] as number;
    (byCategory[data.category[slot] as number] as number) += 1;
    (byLicense[data.license[slot] as number] as number) += 1;
    (byBand[Math.min(data.priceBand[slot] as number, PRICE_BANDS.length)] as number) += 1;
    const mask = data.ratingMask[slot] as number;
    for (let t = 0; t < RATING_THRESHOLDS.length; t += 1) if (mask & (1 << t)) (byRating[t] as number) += 1;
  }
  const rows: FacetRow[] = [];
  const collect = (kind: FacetRow['kind'], values: readonly string[], counts: Int32Array) => {
    values.forEach((value, i) => {
      const count = counts[i] as number;
      if (count > 0) rows.push({ kind, value, count });
    });
  };
  collect('category', categories, byCategory);
  collect('license', licenses, byLicense);
  collect(
    'price',
    PRICE_BANDS.map((band) => band.slug),
    byBand,
  );
  collect(
    'rating',
    RATING_THRESHOLDS.map((t) => String(t)),
    byRating,
  );
  return rows;
}

/** Searches one generation of the index: page ids, match count and facets. */
export function searchIndexData(
  data: IndexData,
  query: ProductListQuery,
  words: CorrectedWord[],
  lexemesOf: LexemesOf,
): IndexResult | undefined {
  const planned = plan(data, words, lexemesOf);
  if (!planned) return undefined;
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_PAGE_LIMIT_MAX);
  const offset = (page - 1) * limit;
  const matches = matchingSlots(data, planned, filterFor(data, query));
  const slots =
    (query.sort_by ?? 'relevance') === 'relevance'
      ? rankedPage(data, planned, matches, offset, limit)
      : best(matches, offset + limit, sortedOrder(data, query)).slice(offset);
  return {
    ids: slots.map((slot) => data.ids[slot] as string),
    rows: slots.map((slot) => data.rowJson(slot)),
    matched: matches.length,
    facets: facetsOf(data, matches),
  };
}

/** A page of public search results from the index, its rows as JSON. */
export interface IndexedPage {
  ids: string[];
  /** Each product's JSON as the API sends it (UTF-8), in page order. */
  rows: Uint8Array[];
  total: number;
  totalCapped: boolean;
  facets: FacetRow[];
  page: number;
  limit: number;
}

/**
 * The index of one API process with its sync (see the comment at the top). `search()` returns
 * undefined when it cannot answer (not loaded yet, or a word PostgreSQL splits into several
 * lexemes): the caller then takes the SQL path.
 */
export class SearchIndex {
  private data?: IndexData;
  private watermarkUs = 0;
  private checkedAt = 0;
  /** The dictionary version the index was last refreshed at (see current()). */
  private version = -1;
  private pending?: Promise<void>;
  private versionRead?: Promise<number>;
  private nextVersionRead?: Promise<number>;
  private readonly lexemes = new Map<string, string[] | null>();

  constructor(
    private readonly db: Database,
    private readonly checkEveryMs: number,
  ) {}

  /** Products, lexemes and bytes held (for the start-up log and the benchmark). */
  stats(): { products: number; slots: number; lexemes: number; bytes: number } | undefined {
    const data = this.data;
    if (!data) return undefined;
    return { products: data.aliveCount, slots: data.size, lexemes: data.lexemeIds.size, bytes: data.bytes() };
  }

  /** Loads the index if it is not there yet and waits for it. */
  async load(): Promise<void> {
    if (!this.data) await this.refresh();
  }

  /** A page of public search results, rows included (no round trip: they are held as JSON). */
  async search(query: ProductListQuery, words: CorrectedWord[]): Promise<IndexedPage | undefined> {
    const result = await this.find(query, words);
    if (!result) return undefined;
    const page = query.page ?? 1;
    const limit = Math.min(query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_PAGE_LIMIT_MAX);
    return {
      ids: result.ids,
      rows: result.rows,
      total: Math.min(result.matched, PRODUCT_TOTAL_CAP),
      totalCapped: result.matched > PRODUCT_TOTAL_CAP,
      facets: result.facets,
      page,
      limit,
    };
  }

  /** The page's ids and rows, the match count and the facets. */
  async find(query: ProductListQuery, words: CorrectedWord[]): Promise<IndexResult | undefined> {
    const data = await this.current();
    if (!data) return undefined;
    await this.learn(words.flatMap((w) => w.alternatives.map((a) => a.word)));
    return searchIndexData(data, query, words, (word) => this.lexemes.get(word) ?? undefined);
  }

  private async current(): Promise<IndexData | undefined> {
    if (this.checkEveryMs === 0) {
      await this.refresh();
      return this.data;
    }
    // Never make a search wait for the first load: the SQL path answers until it is ready.
    if (!this.data) {
      this.refresh().catch(() => {});
      return undefined;
    }
    // A product that becomes or stops being public moves the dictionary version (its triggers run in
    // the writing transaction, on any instance): catch up before answering, so an approved product
    // is found by the next search. Other changes (prices, sales) follow within checkEveryMs.
    try {
      for (let attempt = 0; attempt < 2 && (await this.readVersion()) !== this.version; attempt += 1) {
        await this.refresh();
      }
    } catch {
      return this.data; // the database hiccupped: answer from the index as it is
    }
    if (Date.now() - this.checkedAt >= this.checkEveryMs) this.refresh().catch(() => {});
    return this.data;
  }

  /**
   * The dictionary version, read by a statement that starts after this call, so a write committed
   * before it is seen. Concurrent callers share reads: one arriving while a read is in flight
   * waits for the next read, which starts once that one is done and serves every caller queued.
   */
  private readVersion(): Promise<number> {
    if (!this.versionRead) return this.startVersionRead();
    const inFlight = this.versionRead;
    this.nextVersionRead ??= inFlight
      .catch(() => undefined)
      .then(() => {
        this.nextVersionRead = undefined;
        return this.startVersionRead();
      });
    return this.nextVersionRead;
  }

  private startVersionRead(): Promise<number> {
    const read: Promise<number> = readDictionaryVersion(this.db).finally(() => {
      if (this.versionRead === read) this.versionRead = undefined;
    });
    this.versionRead = read;
    return read;
  }

  private refresh(): Promise<void> {
    this.checkedAt = Date.now();
    this.pending ??= (async () => {
      // Read first: a change committed after this read moves the version again, so it is not missed.
      const version = await readDictionaryVersion(this.db);
      await (this.data ? this.applyChanges() : this.reload());
      this.version = version;
    })().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** A full load in batches; rows changed meanwhile are re-read by the next refresh (watermark = start). */
  private async reload(): Promise<void> {
    const [clock] = (
      await this.db.execute<{ now_us: string }>(sql`select (extract(epoch from now()) * 1000000)::bigint::text as now_us`)
    ).rows;
    if (!distanceTableLoaded) await this.loadDistanceTable();
    const data = new IndexData();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await this.db
        .select(INDEXED_COLUMNS)
        .from(products)
        .where(and(isPublicProduct, gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(LOAD_BATCH)) as IndexedProductRow[];
      for (const row of rows) data.add(row);
      if (rows.length < LOAD_BATCH) break;
      after = (rows.at(-1) as IndexedProductRow).id;
    }
    data.trim();
    this.data = data;
    this.watermarkUs = Number(clock?.now_us ?? 0);
  }

  /** Products changed since the watermark (minus the overlap); a full reload when counts disagree or too many slots are dead. */
  private async applyChanges(): Promise<void> {
    const data = this.data as IndexData;
    const since = this.watermarkUs - OVERLAP_US;
    // One snapshot for the clock, the count and the changes (repeatable read, read only).
    const { clock, changed } = await this.db.transaction(
      async (tx) => {
        const [clock] = (
          await tx.execute<{ now_us: string; public_count: number }>(
            sql`select (extract(epoch from now()) * 1000000)::bigint::text as now_us,
              ${publicProductCount} as public_count`,
          )
        ).rows;
        const changed = (await tx
          .select(INDEXED_COLUMNS)
          .from(products)
          .where(sql`${products.updatedAt} > to_timestamp(${since}::float8 / 1000000)`)) as IndexedProductRow[];
        return { clock, changed };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    for (const row of changed) {
      const slot = data.slotOf.get(row.id);
      if (!row.isPublic) data.remove(row.id);
      else if (slot === undefined || data.updated[slot] !== Number(row.updatedUs)) data.add(row);
    }
    this.watermarkUs = Number(clock?.now_us ?? this.watermarkUs);
    // A product deleted outright leaves no row to see: the trigger-kept count tells.
    const countsDisagree = clock !== undefined && clock.public_count !== data.aliveCount;
    if (countsDisagree || data.deadCount > Math.max(1000, data.size * DEAD_SHARE)) await this.reload();
  }

  private async loadDistanceTable(): Promise<void> {
    const result = await this.db.execute<{ e: string }>(
      sql`select exp(d::float4::float8 / 1.5::float8 - 2::float8)::text as e from generate_series(1, 100) as d order by d`,
    );
    setExpTable(result.rows.map((row) => Number(row.e)));
    distanceTableLoaded = true;
  }

  /** Asks PostgreSQL for the lexemes of words not seen before: `to_tsquery('english', word)`. */
  async learn(words: string[]): Promise<void> {
    const unknown = [...new Set(words)].filter((word) => !this.lexemes.has(word));
    if (unknown.length === 0) return;
    if (this.lexemes.size + unknown.length > MAX_CACHED_WORDS) this.lexemes.clear();
    const result = await this.db.execute<{ word: string; query: string }>(
      sql`select w as word, to_tsquery('english', w)::text as query from unnest(${sql.param(unknown)}::text[]) as w`,
    );
    for (const row of result.rows) this.lexemes.set(row.word, parseSingleWordQuery(row.query) ?? null);
  }
}

let distanceTableLoaded = false;

async function readDictionaryVersion(db: Database): Promise<number> {
  const [row] = (await db.execute<{ version: number }>(sql`select version from search_words_version where id = 1`)).rows;
  return Number(row?.version ?? 0);
}
