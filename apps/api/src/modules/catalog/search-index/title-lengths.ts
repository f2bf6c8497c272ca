/** Title lengths are grouped up to this; longer titles share its group. */
export const LONGEST_GROUPED_TITLE = 1023;

/**
 * Every slot of a generation grouped by the length of its title (a counting sort: slot order
 * within a length), so the title bucket of a common search can be read from its shortest titles
 * up until its page is full (the bucket's order is by title length after the exact title) instead
 * of visiting every candidate. Built once, on first use (linear: tens of milliseconds at 1M);
 * slots added afterwards (at or past `builtSize`) are not in it and are looked at apart. A slot's
 * title never changes (a changed product takes a new slot); dead slots stay and are skipped.
 */
export class TitleLengthGroups {
  /** Slots by title length: group `length` is slots[starts[length]..starts[length + 1]). */
  readonly slots: Int32Array;
  readonly starts: Int32Array;

  constructor(
    titleLength: Int32Array,
    readonly builtSize: number,
  ) {
    const starts = new Int32Array(LONGEST_GROUPED_TITLE + 2);
    for (let slot = 0; slot < builtSize; slot += 1)
      (starts[Math.min(titleLength[slot] as number, LONGEST_GROUPED_TITLE) + 1] as number) += 1;
    for (let length = 1; length < starts.length; length += 1) (starts[length] as number) += starts[length - 1] as number;
    const next = starts.slice(0, LONGEST_GROUPED_TITLE + 1);
    const slots = new Int32Array(builtSize);
    for (let slot = 0; slot < builtSize; slot += 1) {
      const length = Math.min(titleLength[slot] as number, LONGEST_GROUPED_TITLE);
      slots[(next[length] as number)++] = slot;
    }
    this.slots = slots;
    this.starts = starts;
  }

  bytes(): number {
    return this.slots.byteLength + this.starts.byteLength;
  }
}
