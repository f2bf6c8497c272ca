// The parts of a fleet on this machine, for the drills: one PostgreSQL database, an S3-compatible
// bucket (s3rver), a mail sink, several API instances in production mode, and nginx in front.
// Loopback only; everything written goes under one temporary folder the drill removes.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { adminQuery, databaseUrl } from '../../apps/api/test/database-url';
import { startTestS3, type TestS3 } from '../../apps/api/test/s3';
import { startSmtpSink } from '../../apps/api/test/smtp-sink';
import { freePort, root, SERVER_NODE_FLAGS } from '../lib';

export const NGINX_CONFIG = path.join(root, 'deploy/nginx/marketplace.conf');
/** Where the drill's nginx listens (deploy/nginx/marketplace.conf). */
export const BALANCER = 'http://127.0.0.1:8080';
const SYSTEM_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

export function workFolder(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-drill-${name}-`));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DrillDatabase {
  url: string;
  /** The server the database lives on (for CREATE DATABASE of a restore). */
  serverUrl: string;
  create(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL server for the drill: DRILL_DATABASE_URL's, else the one at 127.0.0.1:5432 when it
 * answers, else an embedded server in `work` (the binaries `npm ci` installed). Databases made
 * here are dropped by close().
 */
export async function drillDatabase(work: string, name: string): Promise<DrillDatabase> {
  let serverUrl = process.env.DRILL_DATABASE_URL;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!serverUrl && spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']).status === 0) serverUrl = SYSTEM_POSTGRES;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres(path.join(work, 'postgres-server'));
    serverUrl = embedded.url('postgres');
  }
  const made: string[] = [];
  const create = async (database: string) => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${database}`);
    made.push(database);
    return databaseUrl(serverUrl, database);
  };
  const url = await create(`drill_${name}_${process.pid}`);
  return {
    url,
    serverUrl,
    create,
    async close() {
      for (const database of made)
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
      await embedded?.stop();
    },
  };
}

/** Settings every instance of one shop shares (README "Production configuration"). */
export function sharedSettings(databaseUrl: string, s3: TestS3, smtpUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    SMTP_URL: smtpUrl,
    PUBLIC_URL: BALANCER,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every simulated visitor signs in from 127.0.0.1: the per-address limit would stop the drill, not a fault.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...s3.env,
  };
}

export class Instance {
  child?: ChildProcess;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the API server as `npm start` does (the storefront is built once by the drill) and waits until it is ready. */
  async start(extraEnv: Record<string, string> = {}): Promise<number> {
    const started = Date.now();
    const log = fs.openSync(path.join(this.dataDir, '..', `${this.name}.log`), 'a');
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, ...this.env, ...extraEnv, DATA_DIR: this.dataDir, PORT: String(this.port) },
      stdio: ['ignore', log, log],
    });
    this.child = child;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited while starting (see ${path.join(this.dataDir, '..', `${this.name}.log`)})`);
      try {
        if ((await fetch(`${this.base}/api/v1/health/ready`)).ok) return Date.now() - started;
      } catch {}
      await sleep(100);
    }
  }

  kill9(): void {
    this.child?.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

/** nginx from Debian's packages, installed when missing (as root), running deploy/nginx/marketplace.conf. */
export class Balancer {
  private readonly prefix: string;
  constructor(work: string) {
    this.prefix = path.join(work, 'nginx');
  }

  static ensureInstalled(): void {
    if (spawnSync('sh', ['-c', 'command -v nginx']).status === 0) return;
    if (process.getuid?.() !== 0)
      throw new Error(
        'nginx is not installed: run `sudo apt-get install -y nginx` (or run the drill as root, which installs it)',
      );
    console.log('[drill] installing nginx from Debian packages');
    const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], {
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error('apt-get install nginx failed');
  }

  /** Starts nginx (or reloads it) with these instances as its upstreams. */
  async route(instances: Instance[]): Promise<void> {
    fs.mkdirSync(path.join(this.prefix, 'tmp'), { recursive: true });
    fs.mkdirSync(path.join(this.prefix, 'logs'), { recursive: true });
    // nginx reads an `include` relative to the folder of its main file.
    const conf = path.join(this.prefix, 'marketplace.conf');
    fs.copyFileSync(NGINX_CONFIG, conf);
    fs.writeFileSync(
      path.join(this.prefix, 'upstreams.conf'),
      instances.map((instance) => `server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=2s;\n`).join(''),
    );
    const running = fs.existsSync(path.join(this.prefix, 'nginx.pid'));
    const result = spawnSync('nginx', running ? [...this.args(), '-s', 'reload'] : this.args(), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`nginx: ${result.stderr}`);
    for (let i = 0; i < 50; i += 1) {
      try {
        if ((await fetch(`${BALANCER}/api/v1/health/ready`)).ok) return;
      } catch {}
      await sleep(100);
    }
    throw new Error(`nginx does not answer at ${BALANCER} (see ${this.prefix}/logs/error.log)`);
  }

  private args(): string[] {
    const conf = path.join(this.prefix, 'marketplace.conf');
    return ['-p', this.prefix, '-c', conf, '-g', `pid ${this.prefix}/nginx.pid; error_log ${this.prefix}/logs/error.log;`];
  }

  stop(): void {
    const pidFile = path.join(this.prefix, 'nginx.pid');
    if (!fs.existsSync(pidFile)) return;
    spawnSync('nginx', [...this.args(), '-s', 'quit']);
    for (let i = 0; i < 50 && fs.existsSync(pidFile); i += 1) spawnSync('sleep', ['0.1']);
  }
}

export interface Fleet {
  db: DrillDatabase;
  s3: TestS3;
  settings: Record<string, string>;
  instances: Instance[];
  balancer: Balancer;
  close(): Promise<void>;
}

/**
 * A shop of `count` instances behind nginx. The demo data is seeded first by one instance in
 * development mode (production refuses SEED_DEMO), with its files written to the bucket; the
 * fleet then runs in production mode.
 */
export async function startFleet(work: string, name: string, count: number): Promise<Fleet> {
  Balancer.ensureInstalled();
  const { buildStorefrontIfStale } = await import('../../scripts/lib/build-web.mjs');
  await buildStorefrontIfStale();
  const db = await drillDatabase(work, name);
  const s3 = await startTestS3(`drill-${name}`);
  const smtp = await startSmtpSink();
  const settings = sharedSettings(db.url, s3, smtp.url);

  const instances: Instance[] = [];
  const balancer = new Balancer(work);
  const close = async () => {
    balancer.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp.close();
    await s3.close();
    await db.close();
  };
  try {
    const seedDir = path.join(work, 'seed-data');
    fs.mkdirSync(seedDir, { recursive: true });
    const seeder = new Instance('seed', await freePort(), seedDir, { ...settings, NODE_ENV: 'development', SEED_DEMO: 'true' });
    instances.push(seeder);
    console.log(`[drill] seeding the demo shop (database ${db.url.replace(/\?.*/, '')}, bucket ${s3.env.S3_BUCKET})`);
    await seeder.start();
    await seeder.stop();
    instances.pop();
    for (let i = 1; i <= count; i += 1) {
      const dataDir = path.join(work, `instance-${i}`);
      fs.mkdirSync(dataDir, { recursive: true });
      instances.push(new Instance(`instance-${i}`, await freePort(), dataDir, settings));
    }
    await Promise.all(instances.map((instance) => instance.start()));
    await balancer.route(instances);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    s3,
    settings,
    instances,
    balancer,
    close,
  };
}
