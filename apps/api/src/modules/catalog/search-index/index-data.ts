import {
  findLicense,
  GPU_MEMORY_LIMITS,
  licenseValuesAllowingCommercialUse,
  PRICE_BANDS,
  RATING_THRESHOLDS,
  type StoredListingCard,
} from '@app/shared';
import { productJson } from '../present';
import { Documents } from './documents';
import { FilterSets } from './filter-sets';
import { IdTable } from './id-table';
import { LexemeSets } from './lexeme-sets';
import type { IndexedProductRow } from './repository';
import { type RowPlace, Rows } from './rows';
import { Scratch } from './slot-sets';
import type { PreparedOrders, SortedOrders } from './sorted-orders';
import { TitleLengthGroups } from './title-lengths';
import { TitleTokens } from './title-tokens';
import type { OperandPositions } from './ts-rank';
import { grown } from './typed-arrays';

/** Small string sets (categories, licences, sellers) as numbers. */
/** The slots a compaction keeps, renumbered (IndexData.compactionPlan()). */
export interface CompactionPlan {
  renumbered: Int32Array;
  kept: number;
}

export class Codes {
  private readonly codes = new Map<string, number>();
  /** Codes numbered as the values are listed (values() of an earlier set). */
  static from(values: readonly string[]): Codes {
    const codes = new Codes();
    for (const value of values) codes.code(value);
    return codes;
  }
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

/**
 * A slot's filter attributes in one number (IndexData.attributes), for the sorted orders' walks:
 * category and licence codes, featured, and coarse buckets of price and rating (a bucket never
 * holds a lower price or rating than the bucket below it, so a range of buckets leaves out only
 * products outside the range; the products in the edge buckets are then checked exactly).
 */
export const ATTRIBUTES = {
  categoryShift: 0,
  licenseShift: 4,
  /** Codes from this value up share it (never so many categories or licences): filtered by their columns instead. */
  codeLimit: 15,
  featured: 1 << 8,
  priceShift: 9,
  /** 8 bits of price bucket, 6 of rating bucket. */
  ratingShift: 17,
  /** The PRICE_BANDS index (7: none) and the RATING_THRESHOLDS bits, for facets counted in the walk. */
  priceBandShift: 23,
  ratingMaskShift: 26,
  /** Set only in the sorted orders' copies (sorted-orders.ts), for a product no longer there: no filter's `want` has it. */
  dead: 1 << 30,
} as const;

/** The PRICE_BANDS index of a price in cents (-1: none). */
export function priceBandOf(cents: number): number {
  return PRICE_BANDS.findIndex((band) => cents >= band.min * 100 && (band.max === null || cents < band.max * 100));
}

/** A bit per RATING_THRESHOLDS entry the rating reaches. */
export function ratingMaskOf(rating: number): number {
  let mask = 0;
  RATING_THRESHOLDS.forEach((threshold, bit) => {
    if (rating >= threshold) mask |= 1 << bit;
  });
  return mask;
}

/** IndexData.cardFlags bits: the licence allows commercial use; offered hosted; offered self-hosted. */
export const CARD_FLAGS = { commercialUse: 1, hosted: 2, selfHosted: 4 } as const;

/**
 * A slot's listing-card facets in one 16-bit number (IndexData.cardCodes), so counting the facets
 * of a page's first matches reads one narrow column instead of three: the framework code + 1 (0:
 * none; capped at frameworkLimit, past which the framework column is read), the GPU bucket (the
 * index of the first GPU_MEMORY_LIMITS entry the memory fits within; GPU_MEMORY_LIMITS.length when
 * none does or none is stated) and the CARD_FLAGS.
 */
export const CARD_CODES = { frameworkLimit: 31, gpuShift: 5, flagsShift: 9 } as const;

export function cardCodeOf(framework: number, gpuMemory: number, flags: number): number {
  const fits = GPU_MEMORY_LIMITS.findIndex((limit) => gpuMemory <= limit);
  const gpuBucket = fits < 0 ? GPU_MEMORY_LIMITS.length : fits;
  return (
    Math.min(framework + 1, CARD_CODES.frameworkLimit) | (gpuBucket << CARD_CODES.gpuShift) | (flags << CARD_CODES.flagsShift)
  );
}

const COMMERCIAL_LICENSES = new Set(licenseValuesAllowingCommercialUse());

/**
 * The listing card's facet values of a product, read as repository.ts reads them in SQL (a value of
 * the wrong JSON type is absent): framework, minimum GPU memory, and the CARD_FLAGS.
 */
export function cardFacetsOf(
  license: string,
  card: StoredListingCard | null | undefined,
): { framework: string | undefined; gpuMemory: number; flags: number } {
  const model = objectOf(card?.model);
  const api = objectOf(card?.api);
  const framework = typeof model?.framework === 'string' ? model.framework : undefined;
  const gpuMemory = typeof model?.min_gpu_memory_gb === 'number' ? model.min_gpu_memory_gb : Number.NaN;
  let flags = 0;
  if (COMMERCIAL_LICENSES.has(license) || (license === 'custom' && card?.commercial_use === true))
    flags |= CARD_FLAGS.commercialUse;
  const hosting = api?.hosting;
  if (hosting === 'hosted' || hosting === 'both') flags |= CARD_FLAGS.hosted;
  if (hosting === 'self-hosted' || hosting === 'both') flags |= CARD_FLAGS.selfHosted;
  return { framework, gpuMemory, flags };
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Price buckets: 10 per doubling of the price in cents (bucket b starts at 2^((b - 1) / 10) cents, rounded up). */
const PRICE_BUCKET_STARTS = Array.from({ length: 256 }, (_, b) => (b === 0 ? 0 : Math.ceil(2 ** ((b - 1) / 10))));

export function priceBucket(cents: number): number {
  let low = 0;
  let high = PRICE_BUCKET_STARTS.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((PRICE_BUCKET_STARTS[middle] as number) <= cents) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Rating buckets: tenths of a star (0 to 50). */
export function ratingBucket(rating: number): number {
  return Math.max(0, Math.min(63, Math.floor(rating * 10)));
}

function attributesOf(category: number, license: number, featured: boolean, cents: number, rating: number): number {
  const limit = ATTRIBUTES.codeLimit;
  return (
    ((Math.min(category, limit) << ATTRIBUTES.categoryShift) |
      (Math.min(license, limit) << ATTRIBUTES.licenseShift) |
      (featured ? ATTRIBUTES.featured : 0) |
      (priceBucket(cents) << ATTRIBUTES.priceShift) |
      (ratingBucket(rating) << ATTRIBUTES.ratingShift) |
      ((priceBandOf(cents) & 7) << ATTRIBUTES.priceBandShift) |
      (ratingMaskOf(rating) << ATTRIBUTES.ratingMaskShift)) >>>
    0
  );
}

/**
 * One generation of the index: products in slots (a column per filter and sort field), their
 * lexemes and title tokens with posting lists of slots, and their JSON.
 */
export class IndexData {
  size = 0;
  aliveCount = 0;
  /** Length of the per-slot arrays (size is how many are in use). */
  capacity: number;
  alive: Uint8Array;
  /** Each slot's id, and the alive slots by id. */
  ids: IdTable;
  titles: string[] = [];
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
  /** Per slot: the PRICE_BANDS index of its price (255: none), and a bit per RATING_THRESHOLDS entry it reaches. */
  priceBand: Uint8Array;
  ratingMask: Uint8Array;
  /** Per slot: category, licence and featured packed (see ATTRIBUTES), for the sorted orders' walks. */
  attributes: Uint32Array;
  /** Per slot, the listing card's facets (cardFacetsOf()): framework code (-1: none), GPU memory in GB (NaN: none), CARD_FLAGS. */
  framework: Int32Array;
  gpuMemory: Float64Array;
  cardFlags: Uint8Array;
  /** The same three packed per slot (CARD_CODES), derived from them: what the facets read. */
  cardCodes: Uint16Array;
  /** Per seller code, the slots ever given to the seller's products (dead ones included). */
  readonly slotsBySeller: number[][] = [];
  /** Per category code, how many alive slots it has. */
  readonly aliveInCategory: number[] = [];
  /** Every product in the order of each sort key, once built (see sorted-orders.ts). */
  orders?: SortedOrders;
  documents: Documents;
  titleTokens = new TitleTokens();
  rows: Rows;
  categories = new Codes();
  licenses = new Codes();
  sellers = new Codes();
  frameworks = new Codes();
  /** Bitsets of the common lexemes' posting lists, built as searches ask for them. */
  readonly lexemeSets = new LexemeSets();
  /** Bitsets of the slots in each category and at each rating threshold, built as searches ask for them. */
  readonly filterSets = new FilterSets();
  private lengthGroups?: TitleLengthGroups;
  private scratch = new Scratch();
  /** Milliseconds per step of the last compaction (bench:search-compaction prints them). */
  lastCompactionSteps?: Record<string, number>;

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
    this.ids = new IdTable(capacity);
    this.priceBand = new Uint8Array(capacity);
    this.ratingMask = new Uint8Array(capacity);
    this.attributes = new Uint32Array(capacity);
    this.framework = new Int32Array(capacity);
    this.gpuMemory = new Float64Array(capacity);
    this.cardFlags = new Uint8Array(capacity);
    this.cardCodes = new Uint16Array(capacity);
    this.documents = new Documents(capacity);
    this.rows = new Rows(capacity);
  }

  /** The working arrays of one search, sized for every slot. */
  scratchSpace(): Scratch {
    this.scratch.fit(this.capacity);
    return this.scratch;
  }

  get deadCount(): number {
    return this.size - this.aliveCount;
  }

  add(row: IndexedProductRow): void {
    this.remove(row.id);
    // Past 65,536 slots, a quarter more at a time: the room left after a compaction takes the next products.
    if (this.size === this.capacity)
      this.grow(this.capacity < 1 << 16 ? Math.max(1024, this.capacity * 2) : this.capacity + (this.capacity >> 2));
    const slot = this.size;
    this.size += 1;
    this.aliveCount += 1;
    this.alive[slot] = 1;
    this.ids.write(slot, row.id);
    this.ids.link(slot);
    this.titles[slot] = row.titleLower;
    this.titleLength[slot] = row.titleLength;
    const category = this.categories.code(row.category);
    // A licence of the first catalogue (never rewritten: migration 0027) counts as its replacement, as in SQL.
    const licenseSlug = findLicense(row.license)?.slug ?? row.license;
    const license = this.licenses.code(licenseSlug);
    const seller = this.sellers.code(row.sellerId);
    this.category[slot] = category;
    this.license[slot] = license;
    this.seller[slot] = seller;
    this.attributes[slot] = attributesOf(category, license, row.featured, row.priceCents, row.ratingAverage);
    const sellerSlots = this.slotsBySeller[seller];
    if (sellerSlots) sellerSlots.push(slot);
    else this.slotsBySeller[seller] = [slot];
    this.aliveInCategory[category] = (this.aliveInCategory[category] ?? 0) + 1;
    this.price[slot] = row.priceCents;
    this.rating[slot] = row.ratingAverage;
    this.reviews[slot] = row.reviewCount;
    this.sales[slot] = row.salesCount;
    this.featured[slot] = row.featured ? 1 : 0;
    this.created[slot] = Number(row.createdUs);
    this.updated[slot] = Number(row.updatedUs);
    this.documents.add(slot, row.vector);
    this.titleTokens.add(slot, row.titleLower);
    this.rows.add(slot, productJson(row));
    this.priceBand[slot] = priceBandOf(row.priceCents);
    this.ratingMask[slot] = ratingMaskOf(row.ratingAverage);
    const card = cardFacetsOf(licenseSlug, row.card);
    this.framework[slot] = card.framework === undefined ? -1 : this.frameworks.code(card.framework);
    this.gpuMemory[slot] = card.gpuMemory;
    this.cardFlags[slot] = card.flags;
    this.cardCodes[slot] = cardCodeOf(this.framework[slot] as number, card.gpuMemory, card.flags);
    this.filterSets.added(this, slot);
    this.orders?.added(slot);
  }

  /** Rebuilds what is derived from the columns (slots by id, by seller, counts by category, attributes, card codes): after a restore. */
  rebuildLookups(): void {
    this.attributes = new Uint32Array(this.capacity);
    this.cardCodes = new Uint16Array(this.capacity);
    for (let slot = 0; slot < this.size; slot += 1) {
      this.attributes[slot] = attributesOf(
        this.category[slot] as number,
        this.license[slot] as number,
        this.featured[slot] === 1,
        this.price[slot] as number,
        this.rating[slot] as number,
      );
      this.cardCodes[slot] = cardCodeOf(
        this.framework[slot] as number,
        this.gpuMemory[slot] as number,
        this.cardFlags[slot] as number,
      );
    }
    this.ids.relink(this.alive, this.size);
    this.filterSets.clear();
    this.slotsBySeller.length = 0;
    this.aliveInCategory.length = 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      const seller = this.seller[slot] as number;
      const sellerSlots = this.slotsBySeller[seller];
      if (sellerSlots) sellerSlots.push(slot);
      else this.slotsBySeller[seller] = [slot];
      if (this.alive[slot] !== 1) continue;
      const category = this.category[slot] as number;
      this.aliveInCategory[category] = (this.aliveInCategory[category] ?? 0) + 1;
    }
  }

  /** Which slots a compaction keeps and their new numbers (`renumbered[slot]`, -1: dropped); valid until the index changes. */
  compactionPlan(): CompactionPlan {
    const renumbered = new Int32Array(this.size);
    let kept = 0;
    for (let slot = 0; slot < this.size; slot += 1) renumbered[slot] = this.alive[slot] === 1 ? kept++ : -1;
    return { renumbered, kept };
  }

  /**
   * Drops the dead slots in place, from the data in memory: each column's kept values move down
   * (slots keep their order, so the posting lists, the arenas and the sorted orders stay sorted),
   * the row chunks mostly dead are let go of, and the sorted orders are rebuilt from the slots they
   * hold, one order at a time. Nothing is read from the database and no second copy of the index
   * is made: beside it, a number per slot, one order and a chunk of rows at most. Synchronous, so
   * no search sees it half done. The arrays keep their length: the room freed takes the products
   * added next. Returns how many slots were dropped.
   */
  compact(plan: CompactionPlan = this.compactionPlan(), preparedOrders?: PreparedOrders): number {
    const size = this.size;
    const dropped = size - this.aliveCount;
    if (dropped === 0) return 0;
    const steps: Record<string, number> = {};
    let stepStarted = performance.now();
    const step = (name: string) => {
      const now = performance.now();
      steps[name] = now - stepStarted;
      stepStarted = now;
    };
    const { renumbered, kept } = plan;
    const columns = [
      this.titleLength,
      this.category,
      this.license,
      this.seller,
      this.price,
      this.rating,
      this.reviews,
      this.sales,
      this.featured,
      this.created,
      this.updated,
      this.priceBand,
      this.ratingMask,
      this.attributes,
      this.framework,
      this.gpuMemory,
      this.cardFlags,
      this.cardCodes,
    ];
    for (const column of columns) {
      for (let slot = 0; slot < size; slot += 1) {
        const target = renumbered[slot] as number;
        if (target >= 0 && target !== slot) column[target] = column[slot] as number;
      }
      column.fill(0, kept, size);
    }
    step('columns');
    for (let slot = 0; slot < size; slot += 1) {
      const target = renumbered[slot] as number;
      if (target < 0 || target === slot) continue;
      this.titles[target] = this.titles[slot] as string;
    }
    this.titles.length = kept;
    this.alive.fill(1, 0, kept);
    this.alive.fill(0, kept, size);
    this.ids.compact(renumbered, size, kept);
    this.ids.relink(this.alive, kept);
    for (let seller = 0; seller < this.slotsBySeller.length; seller += 1) {
      const slots = this.slotsBySeller[seller];
      if (!slots) continue;
      let at = 0;
      for (const slot of slots) if ((renumbered[slot] as number) >= 0) slots[at++] = renumbered[slot] as number;
      slots.length = at;
    }
    step('ids and sellers');
    this.documents.compact(renumbered, size);
    step('documents');
    this.titleTokens.postings.compact(renumbered);
    step('title tokens');
    this.rows.compact(renumbered, size);
    step('rows');
    this.size = kept;
    this.lexemeSets.clear();
    this.filterSets.clear();
    this.lengthGroups = undefined;
    this.orders?.compact(this, renumbered, preparedOrders);
    step('sorted orders');
    this.lastCompactionSteps = steps;
    return dropped;
  }

  remove(id: string): void {
    const slot = this.ids.slotOf(id);
    if (slot === undefined) return;
    this.ids.unlink(slot);
    this.orders?.markDead(slot);
    this.alive[slot] = 0;
    this.aliveCount -= 1;
    (this.aliveInCategory[this.category[slot] as number] as number) -= 1;
    // The slot stays in the posting lists and arenas (skipped as dead) until the next compaction.
    this.documents.remove(slot);
    this.titles[slot] = '';
  }

  /** The alive slot of a product, or undefined. */
  slotOf(id: string): number | undefined {
    return this.ids.slotOf(id);
  }

  /** The product id of a slot. */
  idOf(slot: number): string {
    return this.ids.idOf(slot);
  }

  /** The product's JSON as the API sends it (a view into the arena, not a copy). */
  rowJson(slot: number): Uint8Array {
    return this.rows.json(slot);
  }

  /** Where the product's JSON is, to be read with readRow() (rows.ts). */
  rowPlace(slot: number): RowPlace {
    return this.rows.placeOf(slot);
  }

  /** Every title token that starts with `prefix`. */
  tokensStartingWith(prefix: string): number[] {
    return this.titleTokens.startingWith(prefix);
  }

  /** Lexeme id, or undefined when no product (ever indexed in this generation) has it. */
  lexeme(text: string): number | undefined {
    return this.documents.lexeme(text);
  }

  /** True when the product has the lexeme. */
  has(slot: number, lexeme: number): boolean {
    return this.documents.has(slot, lexeme);
  }

  /** The popularity order's slots grouped by title length (see TitleLengthGroups), rebuilt when that order is replaced. */
  titleLengthGroups(orders: SortedOrders): TitleLengthGroups {
    const source = orders.order('popularity').slots;
    if (this.lengthGroups?.source !== source) this.lengthGroups = new TitleLengthGroups(this.titleLength, source);
    return this.lengthGroups;
  }

  /** The slots of a category code as a bitset (see FilterSets). */
  categorySet(code: number): Int32Array {
    return this.filterSets.category(this, code);
  }

  /** The slots rated at least RATING_THRESHOLDS[threshold] as a bitset (see FilterSets). */
  ratingSet(threshold: number): Int32Array {
    return this.filterSets.rating(this, threshold);
  }

  /** The slots holding a common lexeme as a bitset (see LexemeSets); undefined for a rarer one. */
  lexemeSet(lexeme: number): Int32Array | undefined {
    return this.lexemeSets.of(this.documents.postings, lexeme, this.capacity);
  }

  /** Locates the product's positions of each operand (see OperandPositions); unknown operands (negative ids) are absent. */
  locateOperands(slot: number, operands: readonly number[], into: OperandPositions): void {
    this.documents.locateOperands(slot, operands, into);
  }

  /** Byte order of two slots' ids (-1 or 1; a slot is never compared with itself). */
  compareIds(a: number, b: number): number {
    return this.ids.compare(a, b) < 0 ? -1 : 1;
  }

  /** Bytes held by the typed arrays and strings (an estimate: object headers not counted). */
  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, bytes) => sum + bytes, 0);
  }

  /** bytes(), per part of the index (the /metrics gauge search_index_bytes shows them). */
  bytesByPart(): Record<string, number> {
    let titles = 0;
    for (let slot = 0; slot < this.size; slot += 1) titles += 2 * (this.titles[slot]?.length ?? 0);
    const documents = this.documents.bytesByPart();
    return {
      columns: this.capacity * (1 + 4 * 12 + 8 * 3 + 4 * 2 + 2 + 4 + 8 + 1 + 2) + this.size * 4,
      titles,
      ids: this.ids.bytes(),
      sorted_orders: this.orders?.bytes() ?? 0,
      // Per product, its lexemes and their positions (for ts_rank), and per lexeme its products.
      document_lexemes: documents.lexemes,
      document_positions: documents.positions,
      lexeme_postings: documents.postings,
      title_postings: this.titleTokens.postings.bytes(),
      lexeme_sets: this.lexemeSets.bytes(),
      filter_sets: this.filterSets.bytes(),
      title_length_groups: this.lengthGroups?.bytes() ?? 0,
      rows_in_memory: this.rows.bytes(),
      scratch: this.scratch.bytes(),
    };
  }

  /** Drops the spare room of growable arrays once a full load is done. */
  trim(): void {
    this.documents.trim();
    this.titleTokens.postings.trim();
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.filterSets.clear();
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
    this.ids.grow(capacity);
    this.priceBand = grown(this.priceBand, capacity);
    this.ratingMask = grown(this.ratingMask, capacity);
    this.attributes = grown(this.attributes, capacity);
    this.framework = grown(this.framework, capacity);
    this.gpuMemory = grown(this.gpuMemory, capacity);
    this.cardFlags = grown(this.cardFlags, capacity);
    this.cardCodes = grown(this.cardCodes, capacity);
    this.documents.grow(capacity);
    this.rows.grow(capacity);
  }
}
