import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle's migrator applies only the migrations whose `when` is later than the newest one a
 * database already has: one written with an earlier `when` than a migration before it in the
 * journal would be skipped for good on every database that ran the other one first.
 */
const folder = path.resolve(import.meta.dirname, '../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('numbers the migrations in order, each later than the one before it', () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.idx, entry.tag).toBe(position);
      expect(entry.tag.startsWith(String(position).padStart(4, '0')), entry.tag).toBe(true);
      if (position > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[position - 1]?.when as number);
    });
  });

  it('names every SQL file of the folder, and only those', () => {
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.sql'));
    expect(files.map((name) => name.replace(/\.sql$/, '')).sort()).toEqual(journal.entries.map((entry) => entry.tag).sort());
  });
});
