import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';

/**
 * The Chromium the browser tests drive: CHROME_PATH, else Debian's. When it is missing and we
 * can (root with apt-get), install Debian's package; otherwise stop and say how.
 */
export function ensureChromium() {
  const wanted = process.env.CHROME_PATH || DEFAULT_PATH;
  if (fs.existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) fail(`CHROME_PATH is set to ${wanted}, which does not exist.`);
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    fail(
      "Chromium is needed for the browser tests. Install Debian's package (sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.",
    );
  }
  console.log("[test] Chromium not found: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (update.status !== 0 || install.status !== 0 || !fs.existsSync(DEFAULT_PATH)) {
    fail('Installing chromium with apt-get failed. Install it by hand (apt-get install -y chromium) or set CHROME_PATH.');
  }
  return DEFAULT_PATH;
}

function fail(message) {
  console.error(`[test] ${message}`);
  process.exit(1);
}
