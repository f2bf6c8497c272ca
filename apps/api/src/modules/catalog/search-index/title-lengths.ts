/** Title lengths are grouped up to this; longer titles share its group. */
export const LONGEST_GROUPED_TITLE = 1023;

/**
 * The slots of the popularity order (sorted-orders.ts) grouped by the length of their title, each
 * group in the order's descending direction (most sales, then highest id, first): the title
 * bucket's own order after the exact titles. So the head of a common search's title bucket is read
 * from its shortest titles up and stops as soon as the page is full, instead of visiting every
 * candidate. Built from that order on first use (linear: tens of milliseconds at 1M) and again
 * once the order is replaced (a merge); the slots added since the order was built are its recent
 * ones, looked at apart. A slot's title never changes (a changed product takes a new slot); dead
 * slots stay and are skipped.
 */
export class TitleLengthGroups {
  /** Slots by title length: group `length` is slots[starts[length]..starts[length + 1]). */
  readonly slots: Int32Array;
  readonly starts: Int32Array;

  /** `source`: the popularity order's slots, ascending. */
  constructor(
    titleLength: Int32Array,
    readonly source: Int32Array,
  ) {
    const starts = new Int32Array(LONGEST_GROUPED_TITLE + 2);
    for (let i = 0; i < source.length; i += 1)
      (starts[Math.min(titleLength[source[i] as number] as number, LONGEST_GROUPED_TITLE) + 1] as number) += 1;
    for (let length = 1; length < starts.length; length += 1) (starts[length] as number) += starts[length - 1] as number;
    const next = starts.slice(0, LONGEST_GROUPED_TITLE + 1);
    const slots = new Int32Array(source.length);
    for (let i = source.length - 1; i >= 0; i -= 1) {
      const slot = source[i] as number;
      slots[(next[Math.min(titleLength[slot] as number, LONGEST_GROUPED_TITLE)] as number)++] = slot;
    }
    this.slots = slots;
    this.starts = starts;
  }

  bytes(): number {
    return this.slots.byteLength + this.starts.byteLength;
  }
}
