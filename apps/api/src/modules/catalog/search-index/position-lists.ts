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
const FAMILIES: readonly Family[] = [
  family(CATEGORY),
  family(LICENSE),
  family(CATEGORY | LICENSE),
  family(ATTRIBUTES.featured, (value) => value !== 0),
];

/**
 * For one sort order: per category, licence, category and licence together, and featured, the
 * ascending positions in the order of the products that have it. A page filtered by those walks
 * the shortest list that applies instead of the whole order: the first thousand matches of a rare
 * combination are then a few thousand steps, not a million. About 13 bytes per product per order.
 */
export class PositionLists {
  private constructor(private readonly lists: (Int32Array | undefined)[][]) {}

  static of(attributes: Uint32Array): PositionLists {
    return new PositionLists(FAMILIES.map((f) => listsOf(attributes, f)));
  }

  /**
   * The shortest list whose positions all hold `want` in some of the `mask` bits (each family the
   * filter pins completely), or undefined when none applies.
   */
  narrowest(mask: number, want: number): Int32Array | undefined {
    let best: Int32Array | undefined;
    FAMILIES.forEach((f, i) => {
      if ((mask & f.mask) !== f.mask) return;
      const value = (want & f.mask) >>> f.shift;
      if (!f.keeps(value)) return;
      const list = this.lists[i]?.[value] ?? EMPTY;
      if (!best || list.length < best.length) best = list;
    });
    return best;
  }

  bytes(): number {
    let total = 0;
    for (const lists of this.lists) for (const list of lists) total += list?.byteLength ?? 0;
    return total;
  }
}

const EMPTY = new Int32Array(0);

/** A counting pass, then each kept value's positions filled in ascending order. */
function listsOf(attributes: Uint32Array, f: Family): (Int32Array | undefined)[] {
  const values = (f.mask >>> f.shift) + 1;
  const counts = new Int32Array(values);
  for (let i = 0; i < attributes.length; i += 1) (counts[((attributes[i] as number) & f.mask) >>> f.shift] as number) += 1;
  const lists = Array.from(counts, (count, value) => (f.keeps(value) && count > 0 ? new Int32Array(count) : undefined));
  const filled = new Int32Array(values);
  for (let i = 0; i < attributes.length; i += 1) {
    const value = ((attributes[i] as number) & f.mask) >>> f.shift;
    const list = lists[value];
    if (list) list[(filled[value] as number)++] = i;
  }
  return lists;
}
