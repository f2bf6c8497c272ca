import type { DbOrTx } from '../../db/client';
import { readSearchWords, searchWordsVersion } from './repository';
import { WordIndex } from './typos';

/**
 * The search dictionary held in memory, rebuilt from PostgreSQL's `search_words` (the source of
 * truth, kept by triggers) whenever its version moves. The version is checked at most every
 * `checkEveryMs` in the background, so a search never waits for it once the index exists; with 0
 * it is checked before every search (tests, where each write must show at once).
 */
export class SearchDictionary {
  private index?: WordIndex;
  private version = -1;
  private checkedAt = 0;
  private pending?: Promise<WordIndex>;

  constructor(
    private readonly db: DbOrTx,
    private readonly checkEveryMs: number,
  ) {}

  async current(): Promise<WordIndex> {
    if (!this.index || this.checkEveryMs === 0) return this.refresh();
    if (Date.now() - this.checkedAt >= this.checkEveryMs) this.refresh().catch(() => {});
    return this.index;
  }

  private refresh(): Promise<WordIndex> {
    this.checkedAt = Date.now();
    this.pending ??= this.reload().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async reload(): Promise<WordIndex> {
    const version = await searchWordsVersion(this.db);
    if (this.index && version === this.version) return this.index;
    const words = await readSearchWords(this.db);
    this.index = new WordIndex(words);
    this.version = words.length > 0 ? Number(words[0]?.version) : version;
    return this.index;
  }
}
