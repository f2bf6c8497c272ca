import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './process';

/**
 * One app per data directory: the embedded server belongs to the app that started it. A lock
 * file left by a crashed (`kill -9`) app names a dead pid and is taken over.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.pid');
  const holder = readPid(file);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `Another marketplace process (pid ${holder}) is already running on ${dataDir}. Stop it first, or set DATA_DIR.`,
    );
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
