import { PostingLists } from './posting-lists';

/** PostgreSQL's regex word characters under the C locale: the runs a `\m` word start begins. */
const WORD_RUNS = /[0-9A-Za-z_]+/g;

/** Title tokens (runs of regex word characters of the lower-cased title) and the slots whose title has each. */
export class TitleTokens {
  postings = new PostingLists();
  /** The tokens in code-unit order (they are ASCII), for prefix ranges; rebuilt when a token was added. */
  private sorted?: string[];

  /** Posts the slot under each distinct token of its title. */
  add(slot: number, title: string): void {
    for (const token of new Set(title.match(WORD_RUNS))) {
      const known = this.postings.ids.size;
      const id = this.postings.idOf(token);
      if (this.postings.ids.size !== known) this.sorted = undefined;
      this.postings.post(id, slot);
    }
  }

  /** Every token that starts with `prefix`. */
  startingWith(prefix: string): number[] {
    this.sorted ??= [...this.postings.ids.keys()].sort();
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length && (sorted[i] as string).startsWith(prefix); i += 1)
      found.push(this.postings.ids.get(sorted[i] as string) as number);
    return found;
  }
}
