// `npm run drill:restore` (issue 22): a backup taken while the shop is under load, restored into a
// fresh database and a fresh bucket, and the restored shop checked. Two instances behind nginx on
// one PostgreSQL and one S3-compatible bucket run the load of drill:fleet for 40 s; at 10 s the
// backup starts the way docs/operations.md describes it: `pg_dump --format=custom` first, then a
// copy of every object in the bucket (objects are never changed in place, so a copy started after
// the dump holds every file the dump names). Then `pg_restore` into a new database,
// `npm run storage:migrate` from the copied files into a new bucket, one instance started on both,
// and checked: orders paid before the backup began are paid, ledger = money kept, every stored
// file present, each drill buyer's order zips download, seller uploads have their bytes.
// Figures only, no verdict; loopback only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { S3StorageOptions } from '../../apps/api/src/lib/storage-s3';
import { startTestS3 } from '../../apps/api/test/s3';
import { freePort, root } from '../lib';
import { booksLines, downloadsSameBytes, readBooks, s3Client, settledBooks } from './books';
import { BALANCER, Instance, startFleet, workFolder } from './cluster';
import { preparePeople, runLoad, signIn } from './load';

const SECONDS = 40;
const BACKUP_AT = 10;

/** Copies every object of the bucket to `<folder>/files/<key>` (the layout storage:migrate reads). */
async function copyBucket(options: S3StorageOptions, folder: string): Promise<{ objects: number; bytes: number }> {
  const s3 = s3Client(options);
  let objects = 0;
  let bytes = 0;
  let token: string | undefined;
  try {
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        const target = path.join(folder, 'files', object.Key);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const body = (await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: object.Key }))).Body;
        await pipeline(body as NodeJS.ReadableStream, fs.createWriteStream(target));
        objects += 1;
        bytes += object.Size ?? 0;
      }
      token = page.NextContinuationToken;
    } while (token);
  } finally {
    s3.destroy();
  }
  return { objects, bytes };
}

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return Date.now() - started;
}

for (const tool of ['pg_dump', 'pg_restore'])
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
    throw new Error(`${tool} is missing: install PostgreSQL's client programs (apt-get install -y postgresql-client)`);

const work = workFolder('restore');
const fleet = await startFleet(work, 'restore', 2);
const lines: string[] = [];
try {
  const people = await preparePeople(BALANCER);
  const dumpFile = path.join(work, 'marketplace.dump');
  const backupFolder = path.join(work, 'backup');
  let backup: Promise<void> | undefined;
  let backupStartedAt = 0;
  console.log(`[drill] 2 instances ready; load for ${SECONDS} s, backup at ${BACKUP_AT} s`);
  const load = await runLoad({
    base: BALANCER,
    seconds: SECONDS,
    ...people,
    onSecond: (second) => {
      if (second !== BACKUP_AT) return;
      backupStartedAt = second * 1000;
      backup = (async () => {
        const dumpMs = run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, fleet.db.url]);
        const copyStarted = Date.now();
        const copied = await copyBucket(fleet.s3.options, backupFolder);
        lines.push(
          `backup under load: pg_dump ${dumpMs} ms (${(fs.statSync(dumpFile).size / 1024 / 1024).toFixed(1)} MiB), then the bucket: ` +
            `${copied.objects} objects (${(copied.bytes / 1024 / 1024).toFixed(1)} MiB) in ${Date.now() - copyStarted} ms`,
        );
      })();
    },
  });
  await backup;
  const source = await settledBooks(fleet.db.url, load, 150_000);
  lines.push('the shop that was backed up, after the load:', ...booksLines(source.books));

  // Restore into a database and a bucket that never saw the shop.
  const restoredUrl = await fleet.db.create(`drill_restored_${process.pid}`);
  const restoreMs = run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dumpFile]);
  const bucket = await startTestS3('drill-restored');
  const migrateMs = run(process.execPath, ['--conditions=@app/source', '--import', 'tsx', 'apps/api/src/storage-migrate.ts'], {
    DATA_DIR: backupFolder,
    ...bucket.env,
  });
  const restoredDir = path.join(work, 'restored');
  fs.mkdirSync(restoredDir);
  const restored = new Instance('restored', await freePort(), restoredDir, {
    ...fleet.settings,
    DATABASE_URL: restoredUrl,
    ...bucket.env,
  });
  const startMs = await restored.start();
  lines.push(
    `restore: pg_restore ${restoreMs} ms, files into the new bucket (storage:migrate) ${migrateMs} ms, instance ready ${startMs} ms`,
  );

  try {
    // Money: what was paid before the backup began is paid in the restored shop, and its books balance.
    const books = await readBooks(restoredUrl, load);
    const db = new pg.Client({ connectionString: restoredUrl });
    await db.connect();
    const paidBefore = [...load.paidSeen].filter(([, at]) => at < backupStartedAt).map(([id]) => id);
    const paidRestored = new Set(
      (await db.query("select id from orders where id = any($1::uuid[]) and payment_status = 'paid'", [paidBefore])).rows.map(
        (row) => row.id as string,
      ),
    );
    lines.push(
      `restored shop: ${paidRestored.size} of ${paidBefore.length} orders shown paid before the backup began are paid; ` +
        `${books.paid} of the drill's ${load.paidSeen.size} paid orders are in it (the rest were paid after the dump's snapshot)`,
    );
    lines.push(...booksLines(books).slice(1));

    // Files: every object the restored rows name is in the new bucket.
    const s3 = s3Client(bucket.options);
    const keys = (await db.query('select storage_key as key, size_bytes as size from product_files')).rows as {
      key: string;
      size: number;
    }[];
    let present = 0;
    for (const { key, size } of keys) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket.options.bucket, Key: key }));
        if (head.ContentLength === size) present += 1;
      } catch {}
    }
    s3.destroy();
    lines.push(
      `product files: ${present} of ${keys.length} named by the restored database are in the new bucket with their size`,
    );

    // Downloads: each buyer's paid orders as a zip, from the restored instance (same accounts, new sign-ins).
    const paidOrders = (
      await db.query("select id from orders where id = any($1::uuid[]) and payment_status = 'paid'", [
        [...load.ordersPlaced.keys()],
      ])
    ).rows.map((row) => row.id as string);
    const sessions = new Map<string, string>();
    let zips = 0;
    let zipBytes = 0;
    for (const orderId of paidOrders) {
      const buyer = load.ordersPlaced.get(orderId);
      if (!buyer) continue;
      if (!sessions.has(buyer.email))
        sessions.set(buyer.email, (await signIn(restored.base, buyer.email, 'Drill-buyer-2026')).token);
      const response = await fetch(`${restored.base}/api/v1/orders/${orderId}/download-zip`, {
        headers: { authorization: `Bearer ${sessions.get(buyer.email)}` },
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 200 && body.subarray(0, 2).toString() === 'PK') {
        zips += 1;
        zipBytes += body.length;
      }
    }
    lines.push(`order zips from the restored shop: ${zips} of ${paidOrders.length} paid orders downloaded (${zipBytes} bytes)`);

    // Uploads answered before the backup began: same bytes through an admin's review link.
    const admin = await signIn(restored.base, 'admin@example.com', 'Admin-demo-2026');
    const uploadsBefore = load.uploads.filter((upload) => upload.at < backupStartedAt);
    let same = 0;
    for (const upload of uploadsBefore) {
      const file = (await db.query('select id from product_files where product_id = $1', [upload.productId])).rows[0];
      if (file && (await downloadsSameBytes(restored.base, admin, upload, file.id))) same += 1;
    }
    lines.push(
      `seller uploads answered before the backup began: ${same} of ${uploadsBefore.length} downloaded from the restored shop with the same bytes`,
    );
    await db.end();
  } finally {
    await restored.stop();
    await bucket.close();
  }
} finally {
  await fleet.close();
  console.log(`\n${lines.join('\n')}`);
  if (!process.env.DRILL_KEEP) fs.rmSync(work, { recursive: true, force: true });
}
