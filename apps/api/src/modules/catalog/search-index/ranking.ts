import { PRODUCT_TOTAL_CAP, type ProductListQuery } from '@app/shared';
import type { IndexData } from './index-data';
import { type PlannedQuery, setOfLexemes } from './matching';
import { addSlot, hasSlot, SlotIntersection } from './slot-sets';
import type { SortedOrders, SortKey } from './sorted-orders';
import { LONGEST_GROUPED_TITLE } from './title-lengths';
import { holdsWordsInOrder, titleCandidates, titleMatches } from './title-match';
import { compareBytes, type OperandPositions, tsRank } from './ts-rank';

/** The k best slots by `compare` (best first), without sorting every candidate. */
export function best(candidates: ArrayLike<number>, k: number, compare: (a: number, b: number) => number): number[] {
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
export function sortedOrder(data: IndexData, query: ProductListQuery): (a: number, b: number) => number {
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
  for (let i = 0; i < matches.length; i += 1) keys[matches[i] as number] = 0;
  const level = scratch.levels;
  const postings = data.documents.postings;
  for (const word of planned.typoWords) {
    level.fill(0, 0, data.size);
    word.lexemes.forEach((lexemes, index) => {
      for (const lexeme of lexemes)
        postings.forEach(lexeme, (slot) => {
          if (level[slot] === 0) level[slot] = index + 1;
        });
    });
    const last = word.levels.length - 1;
    for (let i = 0; i < matches.length; i += 1) {
      const slot = matches[i] as number;
      (keys[slot] as number) += word.levels[level[slot] ? (level[slot] as number) - 1 : last] as number;
    }
  }
  return keys;
}

/** repository.ts rankedSearch(): words in order in the title first, then the rest; typos, relevance, popularity. */
export function rankedPage(data: IndexData, planned: PlannedQuery, matches: Int32Array, offset: number, limit: number): number[] {
  const wanted = offset + limit;
  const keys = typoCounts(data, planned, matches);
  const inTitle = titleMatches(data, planned, matches);
  const scratch = data.scratchSpace();
  const first = best(inTitle, wanted, titleBucketOrder(data, keys));
  if (first.length >= wanted) return first.slice(offset);
  const restOffset = Math.max(0, offset - first.length);
  const restWanted = restOffset + wanted - Math.max(offset, first.length);
  // ts_rank only when the total is not capped (as the SQL path, which would read every vector).
  const restPage =
    matches.length <= PRODUCT_TOTAL_CAP
      ? mostRelevant(data, planned, matches, keys, restWanted)
      : mostPopular(data, matches, keys, scratch.inTitle, restWanted);
  return [...first.slice(offset), ...restPage.slice(restOffset)];
}

/** The title bucket's order: the exact title first, then fewest typos, the shortest title, most sales, the highest id. */
function titleBucketOrder(data: IndexData, keys: Int32Array): (a: number, b: number) => number {
  const exactTitle = data.scratchSpace().exactTitle;
  const sales = data.sales;
  const titleLength = data.titleLength;
  return (a, b) => {
    const exactA = hasSlot(exactTitle, a) ? 0 : 1;
    const exactB = hasSlot(exactTitle, b) ? 0 : 1;
    return (
      exactA - exactB ||
      (keys[a] as number) - (keys[b] as number) ||
      (titleLength[a] as number) - (titleLength[b] as number) ||
      (sales[b] as number) - (sales[a] as number) ||
      data.compareIds(b, a)
    );
  };
}

/**
 * rankedPage() for a capped search (more than PRODUCT_TOTAL_CAP matches), from the set of
 * commonMatches() and `accept` (alive, filtered). The title bucket can hold tens of thousands of
 * products at 1M: only the part that can reach the page is ranked (titleBucketByLength() and
 * titleBucketByVisiting()). The rest, ordered by typos, sales and id, comes from walking the
 * popularity order from the top until the page is full of matches with the fewest typos (SlotTypos;
 * the others met on the way follow them when there are too few). Undefined when that walk would
 * take more than `budget` steps (the caller then lists every match).
 */
export function rankedCappedPage(
  data: IndexData,
  planned: PlannedQuery,
  set: SlotIntersection,
  accept: (slot: number) => boolean,
  orders: SortedOrders,
  page: { offset: number; limit: number },
  budget: number,
): number[] | undefined {
  const { offset, limit } = page;
  const wanted = offset + limit;
  const scratch = data.scratchSpace();
  const typos = planned.typoWords.length > 0 ? new SlotTypos(data, planned) : undefined;
  const { candidates, checked, postings } = titleCandidates(data, planned, set);
  const inTitle = (slot: number) => !checked || holdsWordsInOrder(data, planned, slot);
  const take = (slot: number) => hasSlot(candidates.set, slot) && accept(slot) && inTitle(slot);
  // Only members with the fewest typos fill the head's count: one with more comes after all of them.
  const fewestTypos = typos ? (slot: number) => typos.isFewest(slot) : () => true;
  // Many candidates (a title holds its own words, so about as many as the title postings): read the
  // shortest titles first; few: visit each candidate.
  const head =
    postings * 128 > data.size
      ? titleBucketByLength(data, planned, orders, candidates.set, take, wanted, fewestTypos)
      : titleBucketByVisiting(data, planned, candidates.list, take, wanted, fewestTypos);
  const keys = typos ? scratch.keys : scratch.zeros;
  if (typos) for (const slot of head) keys[slot] = typos.count(slot);
  const first = best(head, wanted, titleBucketOrder(data, keys));
  if (first.length >= wanted) return first.slice(offset);
  const restOffset = Math.max(0, offset - first.length);
  const restWanted = restOffset + wanted - Math.max(offset, first.length);
  const outsideBucket = (slot: number) => set.has(slot) && accept(slot) && !(hasSlot(candidates.set, slot) && inTitle(slot));
  const moreTypos: number[] = [];
  const restPage = walkOrder(
    data,
    orders,
    'popularity',
    true,
    restWanted,
    typos
      ? (slot) => {
          if (!outsideBucket(slot)) return false;
          if (typos.isFewest(slot)) return true;
          moreTypos.push(slot);
          return false;
        }
      : outsideBucket,
    budget,
  );
  if (!restPage) return undefined;
  // The whole order was walked and too few have the fewest typos: the rest by typos (the sort is stable, so by sales within).
  if (typos && restPage.length < restWanted) {
    for (const slot of moreTypos) keys[slot] = typos.count(slot);
    restPage.push(...moreTypos.sort((a, b) => (keys[a] as number) - (keys[b] as number)));
  }
  return [...first.slice(offset), ...restPage.slice(restOffset, restWanted)];
}

/**
 * The typos of a capped search's matches, read slot by slot (typoCounts() reads every match): a
 * slot has the fewest when it holds a first-level alternative of every word with typo levels
 * (one set per word, ANDed), else its count is looked up in its own lexemes.
 */
class SlotTypos {
  /** The count of a slot holding a first-level alternative of every word. */
  readonly fewest: number;
  private readonly firstLevels: SlotIntersection;

  constructor(
    private readonly data: IndexData,
    private readonly planned: PlannedQuery,
  ) {
    this.fewest = planned.typoWords.reduce((sum, word) => sum + (word.levels[0] as number), 0);
    const scratch = data.scratchSpace();
    this.firstLevels = new SlotIntersection(
      planned.typoWords.map((word, i) => setOfLexemes(data, word.lexemes[0] ?? [], () => scratch.levelSet(i))),
    );
  }

  isFewest(slot: number): boolean {
    return this.firstLevels.has(slot);
  }

  /** typoCounts() for one slot: per word, the first level whose alternatives it holds, else the last. */
  count(slot: number): number {
    if (this.isFewest(slot)) return this.fewest;
    let count = 0;
    for (const word of this.planned.typoWords) {
      const level = word.lexemes.findIndex((lexemes) => lexemes.some((lexeme) => this.data.has(slot, lexeme)));
      count += word.levels[level < 0 ? word.levels.length - 1 : level] as number;
    }
    return count;
  }
}

/**
 * The head of the title bucket, read from the popularity order's slots grouped by title length
 * (shortest first, from the shortest title that can hold the words; most sales first within a
 * length) until `wanted` that `counts` (the members with the fewest typos) or exact titles are
 * found: with the exact titles (which come first whatever their length) and the slots added since
 * the order was built, every bucket member that can reach the first `wanted`, or the whole bucket
 * when it is smaller. Marks the exact titles in scratch.exactTitle.
 */
function titleBucketByLength(
  data: IndexData,
  planned: PlannedQuery,
  orders: SortedOrders,
  candidates: Int32Array,
  take: (slot: number) => boolean,
  wanted: number,
  counts: (slot: number) => boolean,
): number[] {
  const { slots, starts } = data.titleLengthGroups(orders);
  const titleLength = data.titleLength;
  const exactTitle = data.scratchSpace().exactTitle;
  exactTitle.fill(0);
  const exact = planned.exactTitles;
  const exactLengths = exact.map((text) => [...text].length);
  const head: number[] = [];
  /** Adds a bucket member (marking an exact title); false when it is an exact title added already. */
  const add = (slot: number): boolean => {
    if (exactLengths.includes(titleLength[slot] as number)) {
      const title = data.titles[slot] as string;
      if (title === exact[0] || title === exact[1]) {
        if (hasSlot(exactTitle, slot)) return false;
        addSlot(exactTitle, slot);
      }
    }
    head.push(slot);
    return true;
  };
  // The slots added since the order was built (a few thousand at most) are all taken.
  for (const slot of orders.recentOf(data, 'popularity')) if (hasSlot(candidates, slot) && take(slot)) add(slot);
  // A title holding the words in order holds each one's shortest alternative, at word starts.
  const shortest = Math.min(
    LONGEST_GROUPED_TITLE,
    planned.titleWords.reduce((sum, alternatives) => sum + Math.min(...alternatives.map((word) => [...word].length)), 0) +
      planned.titleWords.length -
      1,
  );
  let within = 0;
  let group = Math.max(0, shortest);
  let stoppedAt = -1;
  for (; group <= LONGEST_GROUPED_TITLE && stoppedAt < 0; group += 1) {
    const end = starts[group + 1] as number;
    for (let i = starts[group] as number; i < end; i += 1) {
      const slot = slots[i] as number;
      if (!hasSlot(candidates, slot) || !take(slot) || !add(slot)) continue;
      if (counts(slot) || hasSlot(exactTitle, slot)) within += 1;
      // Titles longer than the last group differ in length within it: that group is read to its end.
      if (within >= wanted && group < LONGEST_GROUPED_TITLE) {
        stoppedAt = i;
        break;
      }
    }
  }
  if (stoppedAt < 0) return head;
  // Exact titles not reached (rare: the query is the title) come first all the same.
  const lastGroup = group - 1;
  for (const length of new Set(exactLengths)) {
    const exactGroup = Math.min(length, LONGEST_GROUPED_TITLE);
    if (exactGroup < lastGroup) continue;
    const from = exactGroup === lastGroup ? stoppedAt + 1 : (starts[exactGroup] as number);
    for (let i = from; i < (starts[exactGroup + 1] as number); i += 1) {
      const slot = slots[i] as number;
      if (titleLength[slot] !== length || !hasSlot(candidates, slot)) continue;
      const title = data.titles[slot] as string;
      if ((title === exact[0] || title === exact[1]) && take(slot)) add(slot);
    }
  }
  return head;
}

/**
 * The head of the title bucket for few candidates (listed ascending), as titleBucketByLength()
 * has it: the candidates are sorted by title length (a counting sort), and those that pass `take`
 * are taken shortest title first, a whole length at a time, until `wanted` that `counts` (the
 * members with the fewest typos) or exact titles are found; exact
 * titles (which come first whatever their length) are taken wherever they are. `take` (the
 * filters, the words in order in the title) runs for those only: at 1M products a bucket had ~640
 * candidates for ~20 wanted. Marks the exact titles in scratch.exactTitle.
 */
function titleBucketByVisiting(
  data: IndexData,
  planned: PlannedQuery,
  candidates: Int32Array,
  take: (slot: number) => boolean,
  wanted: number,
  counts: (slot: number) => boolean,
): number[] {
  const titleLength = data.titleLength;
  const exact = planned.exactTitles;
  const exactLengths = exact.map((text) => [...text].length);
  const scratch = data.scratchSpace();
  const exactTitle = scratch.exactTitle;
  exactTitle.fill(0);
  const groupOf = (slot: number) => Math.min(titleLength[slot] as number, LONGEST_GROUPED_TITLE);
  const { byLength, starts, next } = scratch.titleLengthSort(candidates.length, LONGEST_GROUPED_TITLE + 1);
  starts.fill(0);
  for (let i = 0; i < candidates.length; i += 1) (starts[groupOf(candidates[i] as number) + 1] as number) += 1;
  for (let group = 1; group < starts.length; group += 1) (starts[group] as number) += starts[group - 1] as number;
  next.set(starts);
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i] as number;
    byLength[(next[groupOf(slot)] as number)++] = slot;
  }
  const isExact = (slot: number) => {
    if (!exactLengths.includes(titleLength[slot] as number)) return false;
    const title = data.titles[slot] as string;
    return title === exact[0] || title === exact[1];
  };
  const head: number[] = [];
  let counted = 0;
  let group = 0;
  for (; group <= LONGEST_GROUPED_TITLE && counted < wanted; group += 1) {
    for (let i = starts[group] as number; i < (starts[group + 1] as number); i += 1) {
      const slot = byLength[i] as number;
      if (!take(slot)) continue;
      const exactOne = isExact(slot);
      if (exactOne) addSlot(exactTitle, slot);
      if (exactOne || counts(slot)) counted += 1;
      head.push(slot);
    }
  }
  // Exact titles longer than the titles taken come first all the same.
  for (const length of new Set(exactLengths)) {
    const exactGroup = Math.min(length, LONGEST_GROUPED_TITLE);
    if (exactGroup < group) continue;
    for (let i = starts[exactGroup] as number; i < (starts[exactGroup + 1] as number); i += 1) {
      const slot = byLength[i] as number;
      if (hasSlot(exactTitle, slot) || !isExact(slot) || !take(slot)) continue;
      addSlot(exactTitle, slot);
      head.push(slot);
    }
  }
  return head;
}

/** The sort order of a search sorted by something other than relevance, as repository.ts ordering() has it. */
export function sortKeyOf(query: ProductListQuery): { key: SortKey; descending: boolean } {
  const key = (query.sort_by === 'relevance' ? undefined : query.sort_by) ?? 'created_at';
  return { key, descending: key === 'title' ? query.sort_order === 'desc' : query.sort_order !== 'asc' };
}

/**
 * The first `wanted` alive slots that pass `take`, in the order of a sort key (sorted-orders.ts),
 * merged with the slots added since that order was built; undefined past `budget` steps. Only the
 * order's positions in `range` (inclusive) are walked: the part a price or rating filter leaves of
 * that order (rangeOf()), which `take` must check as well for the slots added since.
 */
export function walkOrder(
  data: IndexData,
  orders: SortedOrders,
  key: SortKey,
  descending: boolean,
  wanted: number,
  take: (slot: number) => boolean,
  budget: number,
  range?: readonly [number, number],
): number[] | undefined {
  const found: number[] = [];
  if (wanted <= 0) return found;
  const slots = orders.order(key).slots;
  const [first, last] = range ?? [0, slots.length - 1];
  const recent = orders.recentOf(data, key);
  const compare = sortedOrder(data, { sort_by: key, sort_order: 'asc' });
  const alive = data.alive;
  const step = descending ? -1 : 1;
  let r = descending ? recent.length - 1 : 0;
  let steps = 0;
  for (let j = descending ? last : first; j >= first && j <= last; j += step) {
    const slot = slots[j] as number;
    // The recent slots that come first in the walk's direction.
    while (r >= 0 && r < recent.length && step * compare(recent[r] as number, slot) < 0) {
      const taken = recent[r] as number;
      r += step;
      if (alive[taken] === 1 && take(taken)) {
        found.push(taken);
        if (found.length === wanted) return found;
      }
    }
    if (++steps > budget) return undefined;
    if (alive[slot] === 1 && take(slot)) {
      found.push(slot);
      if (found.length === wanted) return found;
    }
  }
  for (; r >= 0 && r < recent.length; r += step) {
    const taken = recent[r] as number;
    if (alive[taken] === 1 && take(taken)) {
      found.push(taken);
      if (found.length === wanted) return found;
    }
  }
  return found;
}

/** The k best matches outside the title bucket of an uncapped search: fewest typos, then ts_rank, then most sales. */
function mostRelevant(data: IndexData, planned: PlannedQuery, matches: Int32Array, keys: Int32Array, k: number): number[] {
  const scratch = data.scratchSpace();
  const sales = data.sales;
  const rest: number[] = [];
  for (let i = 0; i < matches.length; i += 1) {
    const slot = matches[i] as number;
    if (!hasSlot(scratch.inTitle, slot)) rest.push(slot);
  }
  const ranks = scratch.ranks;
  const andAtTop = planned.groups.length >= 2;
  const operands = planned.operands;
  const located: OperandPositions = {
    arena: data.documents.posArena,
    starts: new Int32Array(operands.length),
    ends: new Int32Array(operands.length),
  };
  for (let i = 0; i < rest.length; i += 1) {
    const slot = rest[i] as number;
    data.locateOperands(slot, operands, located);
    ranks[slot] = tsRank(operands.length, andAtTop, located);
  }
  return best(rest, k, (a, b) => {
    const typoOrder = (keys[a] as number) - (keys[b] as number);
    if (typoOrder !== 0) return typoOrder;
    const rankA = ranks[a] as number;
    const rankB = ranks[b] as number;
    if (rankA !== rankB) return rankB > rankA ? 1 : -1;
    return (sales[b] as number) - (sales[a] as number) || data.compareIds(b, a);
  });
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
  for (let m = 0; m < matches.length; m += 1) {
    const slot = matches[m] as number;
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
