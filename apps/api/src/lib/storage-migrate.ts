import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage } from './storage';

/** What a migration run did; `failed` names the files to look at (a rerun retries them). */
export interface MigrationReport {
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: { key: string; error: string }[];
  /** Files that are no storage key of ours (a local write's leftover `.tmp`, an odd name): never copied. */
  ignored: string[];
}

/** A local write in progress (or killed) leaves `<file>.<pid>.<random>.tmp` beside its file. */
const TEMPORARY = /\.\d+\.[a-z0-9]+\.tmp$/;

/** Every file under `root` as a slash-separated key, read directory by directory (never the whole tree at once). */
async function* walk(root: string, prefix = ''): AsyncGenerator<string> {
  let dir: Awaited<ReturnType<typeof fs.opendir>>;
  try {
    dir = await fs.opendir(path.join(root, prefix));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') return;
    throw error;
  }
  for await (const entry of dir) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) yield key;
  }
}

/**
 * Copies every stored file from a local files folder into `target` under the same key. Idempotent
 * and resumable: a file whose object already exists with the same size is skipped, and an object
 * exists only once its upload completed, so a run killed halfway is finished by the next one.
 */
export async function migrateFiles(
  filesDir: string,
  target: Storage,
  options: { concurrency?: number; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const log = options.log ?? (() => {});
  const report: MigrationReport = { copied: 0, copiedBytes: 0, skipped: 0, failed: [], ignored: [] };
  const keys = walk(filesDir);

  const copyOne = async (key: string) => {
    const file = path.join(filesDir, ...key.split('/'));
    const { size } = await fs.stat(file);
    if ((await target.size(key)) === size) {
      report.skipped += 1;
      return;
    }
    await target.putStream(key, createReadStream(file, { highWaterMark: 1024 * 1024 }), size);
    report.copied += 1;
    report.copiedBytes += size;
    log(`copied ${key} (${size} bytes)`);
  };

  const worker = async () => {
    for (;;) {
      const next = await keys.next();
      if (next.done) return;
      const key = next.value;
      try {
        if (TEMPORARY.test(key)) throw new Error('unfinished local write');
        assertSafeKey(key);
      } catch {
        report.ignored.push(key);
        log(`ignored ${key} (not a stored file)`);
        continue;
      }
      try {
        await copyOne(key);
      } catch (error) {
        report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
        log(`FAILED ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
