import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
    const [row] = (await this.db.execute<{ version: number }>(sql`select version from search_words_version where id = 1`)).rows;
    const version = Number(row?.version ?? 0);
    if (this.index && version === this.version) return this.index;
    // One statement, so the words and the version come from the same snapshot.
    const result = await this.db.execute<{ word: string; frequency: number; version: number }>(
      sql`select w.word, w.frequency, v.version from search_words w cross join search_words_version v where v.id = 1`,
    );
    this.index = new WordIndex(result.rows);
    this.version = result.rows.length > 0 ? Number(result.rows[0]?.version) : version;
    return this.index;
  }
}
