import { ATTRIBUTES } from './index-data';

/** Attribute bits whose every value gets the list of positions holding it (a value with few products is a short walk). */
interface Family {
  mask: number;
  /** Lowest bit of the mask: a value shifted down by it indexes the family's lists. */
  shift: number;
  /** Whether a value is worth a list (featured: only the featured products; the rest are most of the order). */
  keeps: (value: number) => boolean;
}

function family(mask: number, keeps: (value: number) => boolean = () => true): Family {
  return { mask, shift: 31 - Math.clz32(mask & -mask), keeps };
}

const CATEGORY = 0xf << ATTRIBUTES.categoryShift;
const LICENSE = 0xf << ATTRIBUTES.licenseShift;
// No list per licence alone: a quarter of the order each, walked faster in sequence than through a list.
const FAMILIES: readonly Family[] = [
  family(CATEGORY),
  family(CATEGORY | LICENSE),
  family(ATTRIBUTES.featured, (value) => value !== 0),
];

/**
 * The products of an order holding one value: their positions in the order (ascending), and each
 * one's attributes and slot copied beside them, so a walk through the list reads memory in
 * sequence instead of the order's arrays at scattered positions.
 */
export interface PositionList {
  positions: Int32Array;
  attributes: Uint32Array;
  slots: Int32Array;
}

/**
 * For one sort order: per category, category and licence together, and featured, the products
 * that have it (see PositionList). A page filtered by those walks the shortest list that applies
 * instead of the whole order: the first thousand matches of a rare combination are then a few
 * thousand steps, not a million. About 24 bytes per product per order.
 */
export class PositionLists {
  private constructor(private readonly lists: (PositionList | undefined)[][]) {}

  static of(attributes: Uint32Array, slots: Int32Array): PositionLists {
    return new PositionLists(FAMILIES.map((f) => listsOf(attributes, slots, f)));
  }

  /**
   * The shortest list whose products all hold `want` in some of the `mask` bits (each family the
   * filter pins completely), or undefined when none applies.
   */
  narrowest(mask: number, want: number): PositionList | undefined {
    let best: PositionList | undefined;
    FAMILIES.forEach((f, i) => {
      if ((mask & f.mask) !== f.mask) return;
      const value = (want & f.mask) >>> f.shift;
      if (!f.keeps(value)) return;
      const list = this.lists[i]?.[value] ?? EMPTY;
      if (!best || list.positions.length < best.positions.length) best = list;
    });
    return best;
  }

  /** Marks the product at `position` (with these attributes) dead in the lists that hold it. */
  markDead(position: number, attribute: number): void {
    FAMILIES.forEach((f, i) => {
      const list = this.lists[i]?.[((attribute & f.mask) >>> f.shift) as number];
      if (!list) return;
      const at = lowerBound(list.positions, position);
      if (list.positions[at] === position) (list.attributes[at] as number) |= ATTRIBUTES.dead;
    });
  }

  bytes(): number {
    let total = 0;
    for (const lists of this.lists)
      for (const list of lists)
        total += list ? list.positions.byteLength + list.attributes.byteLength + list.slots.byteLength : 0;
    return total;
  }
}

const EMPTY: PositionList = { positions: new Int32Array(0), attributes: new Uint32Array(0), slots: new Int32Array(0) };

/** The first index of an ascending list (or of its part from `low` to before `high`) holding a value at least `bound`, else `high`. */
export function lowerBound(list: Int32Array, bound: number, low = 0, high = list.length): number {
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as number) < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A counting pass, then each kept value's products filled in ascending order of position. */
function listsOf(attributes: Uint32Array, slots: Int32Array, f: Family): (PositionList | undefined)[] {
  const values = (f.mask >>> f.shift) + 1;
  const counts = new Int32Array(values);
  for (let i = 0; i < attributes.length; i += 1) (counts[((attributes[i] as number) & f.mask) >>> f.shift] as number) += 1;
  const lists = Array.from(counts, (count, value) =>
    f.keeps(value) && count > 0
      ? { positions: new Int32Array(count), attributes: new Uint32Array(count), slots: new Int32Array(count) }
      : undefined,
  );
  const filled = new Int32Array(values);
  for (let i = 0; i < attributes.length; i += 1) {
    const attribute = attributes[i] as number;
    const value = (attribute & f.mask) >>> f.shift;
    const list = lists[value];
    if (!list) continue;
    const at = (filled[value] as number)++;
    list.positions[at] = i;
    list.attributes[at] = attribute;
    list.slots[at] = slots[i] as number;
  }
  return lists;
}
