import { grown } from './typed-arrays';

/**
 * Texts (lexemes, or title tokens) numbered in the order first seen, each with its posting list:
 * the slots that hold it, ascending. Slots only ever grow, so appending keeps every list sorted.
 */
export class PostingLists {
  readonly ids = new Map<string, number>();
  /** Per text id, its slots; only the first sizes[id] entries are used. */
  lists: Int32Array[] = [];
  sizes: number[] = [];

  /** The text's id, numbering it when it is new. */
  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
      this.lists.push(new Int32Array(4));
      this.sizes.push(0);
    }
    return id;
  }

  post(id: number, slot: number): void {
    let list = this.lists[id] as Int32Array;
    const size = this.sizes[id] as number;
    if (size === list.length) {
      list = grown(list, Math.max(4, size * 2));
      this.lists[id] = list;
    }
    list[size] = slot;
    this.sizes[id] = size + 1;
  }

  /** Drops the spare room of every list. */
  trim(): void {
    this.lists = this.lists.map((list, id) => list.slice(0, Math.max(1, this.sizes[id] as number)));
  }

  bytes(): number {
    let total = 0;
    for (const list of this.lists) total += list.byteLength;
    return total;
  }
}
