import type { Filter } from './filters';
import { ATTRIBUTES, type IndexData } from './index-data';
import { PositionLists } from './position-lists';
import { sortedOrder } from './ranking';

/** The catalogue's sort keys; each order is kept ascending and walked backwards for descending. */
export const SORT_KEYS = ['created_at', 'price', 'rating', 'popularity', 'title'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * Past this many products added since an order was built (and never fewer than a 64th of the
 * catalogue), they are merged into it (linear, no sort of the whole).
 */
const MERGE_AT = 4096;

function mergeThreshold(data: IndexData): number {
  return Math.max(MERGE_AT, data.aliveCount >> 6);
}

/** Slots in ascending order of one key, each slot's filter attributes (IndexData.attributes) beside it, and lists of positions per filter value. */
export interface Order {
  slots: Int32Array;
  attributes: Uint32Array;
  lists: PositionLists;
  /** Per slot, its position in the order (-1, or past the end: not in it). */
  positionOf: Int32Array;
}

/** Ascending comparison of two slots by the key, ties broken by id: repository.ts ordering() with sort_order asc. */
export function ascending(data: IndexData, key: SortKey): (a: number, b: number) => number {
  return sortedOrder(data, { sort_by: key, sort_order: 'asc' });
}

/**
 * Every public product in the order of each sort key, so a catalogue page without search words is
 * read by walking an order from its start and keeping the products that pass the filters, instead
 * of sorting the matches. The filter attributes are copied beside the slots, so the walk reads
 * memory in sequence. Products added (or changed: a change is a new slot) after the orders were
 * built are kept sorted apart, in `recent`, and merged in by the walk, then into the orders once
 * there are enough of them (mergeThreshold()), one order at a time (mergeOneDue()), so that a
 * burst of changes never holds the event loop for more than one order's merge. Dead slots stay
 * until then (or a compaction) and are skipped.
 */
export class SortedOrders {
  private readonly orders = new Map<SortKey, Order>();
  private recent: number[] = [];
  /** Per key, how many of the first `recent` slots its order already holds (absent: none). */
  private readonly merged = new Map<SortKey, number>();
  private readonly recentSorted = new Map<SortKey, Int32Array>();

  /**
   * Sorts every alive slot by each key (seconds of CPU at 1M products) in slices of a few
   * milliseconds, so the searches answered meanwhile by the index in use never wait long.
   */
  static async build(data: IndexData): Promise<SortedOrders> {
    const built = new SortedOrders();
    const alive = aliveSlots(data);
    for (const key of SORT_KEYS) {
      const slots = await sortInSlices(Int32Array.from(alive), key === 'title' ? titleAscending(data) : ascending(data, key));
      built.orders.set(key, orderOf(data, slots));
    }
    return built;
  }

  /**
   * The orders' slots and the recent slots as they stand (the orders are replaced, never changed, so
   * no copy is needed). Orders merged apart are first brought level, so that one list of recent slots
   * is right for all of them.
   */
  capture(data: IndexData): { orders: [SortKey, Int32Array][]; recent: number[] } {
    if (SORT_KEYS.some((key) => this.mergedOf(key) > 0))
      for (const key of SORT_KEYS) if (this.mergedOf(key) < this.recent.length) this.mergeKey(data, key);
    return { orders: [...this.orders].map(([key, order]) => [key, order.slots]), recent: [...this.recent] };
  }

  /** Orders saved by capture(), their attributes read again from the index's (which the snapshot does not keep). */
  static restore(data: IndexData, orders: [SortKey, Int32Array][], recent: number[]): SortedOrders {
    const restored = new SortedOrders();
    for (const [key, slots] of orders) restored.orders.set(key, orderOf(data, slots));
    restored.recent = recent;
    return restored;
  }

  /**
   * Marks a slot that is no longer public (removed, or replaced by a newer slot) dead where the
   * orders hold it, so walks skip it on its attributes alone, without reading `alive` per step.
   */
  markDead(slot: number): void {
    this.recentSorted.clear();
    for (const order of this.orders.values()) {
      const position = order.positionOf[slot] ?? -1;
      if (position < 0) continue;
      const attribute = order.attributes[position] as number;
      order.attributes[position] = attribute | ATTRIBUTES.dead;
      order.lists.markDead(position, attribute);
    }
  }

  /** Notes a slot added after the orders were built. */
  added(slot: number): void {
    this.recent.push(slot);
    this.recentSorted.clear();
  }

  order(key: SortKey): Order {
    return this.orders.get(key) as Order;
  }

  /** The slots added since the key's order was built (or merged) that are still alive, ascending by the key. */
  recentOf(data: IndexData, key: SortKey): Int32Array {
    let sorted = this.recentSorted.get(key);
    if (!sorted) {
      const pending = this.recent.slice(this.mergedOf(key)).filter((slot) => data.alive[slot] === 1);
      sorted = Int32Array.from(pending).sort(ascending(data, key));
      this.recentSorted.set(key, sorted);
    }
    return sorted;
  }

  /** Merges the recent slots into every order that has `threshold` of them, dropping dead slots. */
  mergeIfDue(data: IndexData, threshold = mergeThreshold(data)): void {
    while (this.mergeOneDue(data, threshold));
  }

  /** Merges the recent slots into one order that has `threshold` of them; false when none has. */
  mergeOneDue(data: IndexData, threshold = mergeThreshold(data)): boolean {
    const due = SORT_KEYS.find((key) => {
      const pending = this.recent.length - this.mergedOf(key);
      return pending > 0 && pending >= threshold;
    });
    if (due === undefined) return false;
    this.mergeKey(data, due);
    return true;
  }

  private mergedOf(key: SortKey): number {
    return this.merged.get(key) ?? 0;
  }

  /** Merges the key's recent slots into its order; recent slots every order holds are let go of. */
  private mergeKey(data: IndexData, key: SortKey): void {
    const { slots } = this.order(key);
    this.orders.set(key, orderOf(data, mergeSorted(data, slots, this.recentOf(data, key), ascending(data, key))));
    this.merged.set(key, this.recent.length);
    this.recentSorted.delete(key);
    const common = Math.min(...SORT_KEYS.map((other) => this.mergedOf(other)));
    if (common === 0) return;
    this.recent = this.recent.slice(common);
    for (const other of SORT_KEYS) this.merged.set(other, this.mergedOf(other) - common);
  }

  /**
   * After a compaction (IndexData.compact(), whose columns are already moved): each order keeps its
   * slots that are kept, renumbered (their order is unchanged: the keys moved with them), and is
   * rebuilt around them one at a time, so one order at most is held twice (or, `prepared` by
   * prepareCompaction(), only swapped in). The dead slots leave the orders here, as in a merge.
   */
  compact(data: IndexData, renumbered: Int32Array, prepared?: PreparedOrders): void {
    for (const key of SORT_KEYS) {
      const order = this.orders.get(key);
      if (!order) continue;
      this.orders.set(key, prepared?.get(key) ?? orderOf(data, renumberSlots(order.slots, renumbered)));
    }
    // Each order's count of merged recent slots becomes the count of those kept.
    for (const key of SORT_KEYS) {
      let kept = 0;
      for (let i = 0; i < this.mergedOf(key); i += 1) if ((renumbered[this.recent[i] as number] as number) >= 0) kept += 1;
      this.merged.set(key, kept);
    }
    this.recent = Array.from(renumberSlots(this.recent, renumbered));
    this.recentSorted.clear();
  }

  /**
   * The orders as compact() makes them, built beforehand one order at a time with a yield to the
   * event loop after each, while searches still walk the current ones; compact() then only swaps
   * them in. Nothing may change the index in between (the refresh that compacts waits for it).
   * Beside the orders in use, the prepared ones (about 16 bytes per product and order) until the swap.
   */
  async prepareCompaction(data: IndexData, renumbered: Int32Array, kept: number): Promise<PreparedOrders> {
    const prepared: PreparedOrders = new Map();
    for (const key of SORT_KEYS) {
      const order = this.orders.get(key);
      if (!order) continue;
      const slots = new Int32Array(order.slots.length);
      const attributes = new Uint32Array(order.slots.length);
      let count = 0;
      for (let i = 0; i < order.slots.length; i += 1) {
        const old = order.slots[i] as number;
        const slot = renumbered[old] as number;
        if (slot < 0) continue;
        slots[count] = slot;
        // A kept slot is alive: its attributes move with it.
        attributes[count++] = data.attributes[old] as number;
      }
      const keptSlots = slots.slice(0, count);
      const keptAttributes = attributes.slice(0, count);
      const positionOf = new Int32Array(kept).fill(-1);
      for (let i = 0; i < count; i += 1) positionOf[keptSlots[i] as number] = i;
      prepared.set(key, {
        slots: keptSlots,
        attributes: keptAttributes,
        lists: PositionLists.of(keptAttributes, keptSlots),
        positionOf,
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return prepared;
  }

  bytes(): number {
    let total = 4 * this.recent.length;
    for (const order of this.orders.values())
      total += order.slots.byteLength + order.attributes.byteLength + order.lists.bytes() + order.positionOf.byteLength;
    return total;
  }
}

/** Orders built ahead of a compaction (SortedOrders.prepareCompaction()). */
export type PreparedOrders = Map<SortKey, Order>;

/** The slots a compaction keeps (`renumbered[slot]` ≥ 0), renumbered, in the same order. */
function renumberSlots(slots: ArrayLike<number>, renumbered: Int32Array): Int32Array {
  let count = 0;
  for (let i = 0; i < slots.length; i += 1) if ((renumbered[slots[i] as number] as number) >= 0) count += 1;
  const kept = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < slots.length; i += 1) {
    const slot = renumbered[slots[i] as number] as number;
    if (slot >= 0) kept[at++] = slot;
  }
  return kept;
}

/** Milliseconds of sorting between two yields to the event loop. */
const SLICE_MS = 10;
/** Runs sorted by insertion before the merges. */
const RUN = 32;

/** A stable merge sort (bottom-up) that yields to the event loop every SLICE_MS; returns the sorted array (slots or a copy). */
async function sortInSlices(slots: Int32Array, compare: (a: number, b: number) => number): Promise<Int32Array> {
  const n = slots.length;
  let deadline = performance.now() + SLICE_MS;
  const pause = async () => {
    if (performance.now() < deadline) return;
    await new Promise((resolve) => setImmediate(resolve));
    deadline = performance.now() + SLICE_MS;
  };
  for (let low = 0; low < n; low += RUN) {
    const high = Math.min(low + RUN, n);
    for (let i = low + 1; i < high; i += 1) {
      const slot = slots[i] as number;
      let j = i - 1;
      while (j >= low && compare(slots[j] as number, slot) > 0) {
        slots[j + 1] = slots[j] as number;
        j -= 1;
      }
      slots[j + 1] = slot;
    }
    if ((low & 4095) === 0) await pause();
  }
  let from: Int32Array = slots;
  let to: Int32Array = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      let k = low;
      while (i < middle && j < high)
        to[k++] = compare(from[j] as number, from[i] as number) < 0 ? (from[j++] as number) : (from[i++] as number);
      while (i < middle) to[k++] = from[i++] as number;
      while (j < high) to[k++] = from[j++] as number;
      await pause();
    }
    [from, to] = [to, from];
  }
  return from;
}

function aliveSlots(data: IndexData): Int32Array {
  const slots = new Int32Array(data.aliveCount);
  let count = 0;
  for (let slot = 0; slot < data.size; slot += 1) if (data.alive[slot] === 1) slots[count++] = slot;
  return slots;
}

function orderOf(data: IndexData, slots: Int32Array): Order {
  const attributes = new Uint32Array(slots.length);
  for (let i = 0; i < slots.length; i += 1) {
    const slot = slots[i] as number;
    attributes[i] = data.alive[slot] === 1 ? (data.attributes[slot] as number) : ATTRIBUTES.dead;
  }
  const positionOf = new Int32Array(data.size).fill(-1);
  for (let i = 0; i < slots.length; i += 1) positionOf[slots[i] as number] = i;
  return { slots, attributes, lists: PositionLists.of(attributes, slots), positionOf };
}

/** The alive slots of an order merged with sorted slots, in one pass. */
function mergeSorted(
  data: IndexData,
  order: Int32Array,
  extra: Int32Array,
  compare: (a: number, b: number) => number,
): Int32Array {
  const merged = new Int32Array(order.length + extra.length);
  let count = 0;
  let j = 0;
  for (let i = 0; i < order.length; i += 1) {
    const slot = order[i] as number;
    if (data.alive[slot] !== 1) continue;
    while (j < extra.length && compare(extra[j] as number, slot) < 0) merged[count++] = extra[j++] as number;
    merged[count++] = slot;
  }
  while (j < extra.length) merged[count++] = extra[j++] as number;
  return merged.slice(0, count);
}

/**
 * The title order's comparison, made cheap for a sort of every product: the first six UTF-16 units
 * of each title (mapped as compareBytes maps them) as two numbers, compared before the texts.
 */
function titleAscending(data: IndexData): (a: number, b: number) => number {
  const head = new Float64Array(data.size);
  const tail = new Float64Array(data.size);
  for (let slot = 0; slot < data.size; slot += 1) {
    const title = data.titles[slot] as string;
    head[slot] = prefixKey(title, 0);
    tail[slot] = prefixKey(title, 3);
  }
  const exact = ascending(data, 'title');
  return (a, b) => (head[a] as number) - (head[b] as number) || (tail[a] as number) - (tail[b] as number) || exact(a, b);
}

/** Three UTF-16 units from `start` as one number ordered as compareBytes orders them; a missing unit counts lowest. */
function prefixKey(text: string, start: number): number {
  let key = 0;
  for (let i = start; i < start + 3; i += 1) {
    let unit = i < text.length ? text.charCodeAt(i) + 1 : 0;
    // compareBytes puts U+E000..U+FFFF below surrogates (UTF-8 order); +1 above keeps 0 for "none".
    if (unit >= 0xd801) unit = unit >= 0xe001 ? unit - 0x800 : unit + 0x2000;
    key = key * 65538 + unit;
  }
  return key;
}

/**
 * The part of an order that can match (inclusive positions): when the order is by price or rating
 * and the page asks for a range of it, only that range is walked (found by binary search).
 */
export function rangeOf(
  data: IndexData,
  slots: Int32Array,
  key: SortKey,
  filter: Pick<Filter, 'minPrice' | 'maxPrice' | 'minRating'>,
): [number, number] {
  const firstAtLeast = (column: ArrayLike<number>, bound: number) => {
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((column[slots[middle] as number] as number) < bound) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  let first = 0;
  let last = slots.length - 1;
  if (key === 'price') {
    if (filter.minPrice !== undefined) first = firstAtLeast(data.price, filter.minPrice);
    if (filter.maxPrice !== undefined) last = firstAtLeast(data.price, filter.maxPrice + 1) - 1;
  } else if (key === 'rating' && filter.minRating !== undefined) {
    first = firstAtLeast(data.rating, filter.minRating);
  }
  return [first, last];
}
