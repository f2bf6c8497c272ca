// What the drills check after the load: the money books of the orders placed, and that every
// upload a seller was told succeeded is in the bucket and downloadable with the same bytes.
import { createHash } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { S3StorageOptions } from '../../apps/api/src/lib/storage-s3';
import type { LoadResult, Session } from './load';

export interface Books {
  placed: number;
  charged: number;
  paid: number;
  refunded: number;
  /** Orders with more money taken than their total (two charges not given back). */
  doubleCharged: number;
  /** Orders charged but neither paid nor refunded (money kept for nothing). */
  chargedUnpaid: number;
  /** Orders still being paid (a payment an instance took with it when it died, before the sweep). */
  inFlight: number;
  /** Orders a buyer's screen showed as paid that the database does not hold as paid. */
  paidSeenNotPaid: number;
  ledgerCents: bigint;
  keptCents: bigint;
}

export async function readBooks(databaseUrl: string, load: LoadResult): Promise<Books> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const placed = [...load.ordersPlaced.keys()];
    const orders = await db.query(
      `select o.id, o.payment_status, o.total_cents,
          count(i.id) filter (where i.status = 'succeeded')::int as charges,
          coalesce(sum(i.amount_cents - i.amount_refunded_cents) filter (where i.status = 'succeeded'), 0)::int as kept,
          (select count(*)::int from payment_refunds r where r.order_id = o.id) as refunds
        from orders o left join test_payment_intents i on i.order_id = o.id
        where o.id = any($1::uuid[])
        group by o.id`,
      [placed],
    );
    const money = await db.query(
      `select (select coalesce(sum(amount_cents), 0)::bigint from ledger_entries) as ledger,
              (select coalesce(sum(total_cents), 0)::bigint from orders where payment_status = 'paid') as kept`,
    );
    const rows = orders.rows as {
      id: string;
      payment_status: string;
      total_cents: number;
      charges: number;
      kept: number;
      refunds: number;
    }[];
    return {
      placed: placed.length,
      charged: rows.reduce((sum, row) => sum + row.charges, 0),
      paid: rows.filter((row) => row.payment_status === 'paid').length,
      refunded: rows.reduce((sum, row) => sum + row.refunds, 0),
      doubleCharged: rows.filter((row) => row.kept > row.total_cents).length,
      chargedUnpaid: rows.filter((row) => row.kept > 0 && row.payment_status !== 'paid').length,
      inFlight: rows.filter((row) => row.payment_status === 'processing').length,
      paidSeenNotPaid: rows.filter((row) => load.paidSeen.has(row.id) && row.payment_status !== 'paid').length,
      ledgerCents: BigInt(money.rows[0].ledger),
      keptCents: BigInt(money.rows[0].kept),
    };
  } finally {
    await db.end();
  }
}

/** Waits (up to `limitMs`) until no order of the load is mid-payment or charged without being paid. */
export async function settledBooks(
  databaseUrl: string,
  load: LoadResult,
  limitMs: number,
): Promise<{ books: Books; waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const books = await readBooks(databaseUrl, load);
    const done = books.inFlight === 0 && books.chargedUnpaid === 0;
    if (done || Date.now() - started > limitMs) return { books, waitedMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export function booksLines(books: Books): string[] {
  return [
    `orders placed ${books.placed}: charged ${books.charged} = paid ${books.paid} + refunded ${books.refunded}; ` +
      `${books.doubleCharged} double charges, ${books.chargedUnpaid} charged but not paid, ${books.inFlight} still mid-payment, ` +
      `${books.paidSeenNotPaid} shown paid but not paid`,
    `whole ledger ${books.ledgerCents} ¢ ${books.ledgerCents === books.keptCents ? '=' : '≠'} money kept for paid orders ${books.keptCents} ¢`,
  ];
}

export interface UploadCheck {
  answered: number;
  inBucket: number;
  downloadedSame: number;
  /** Products a seller created in the drill whose files are missing from the bucket (half-written uploads). */
  halfWritten: number;
  /** Objects in the bucket that no row refers to. */
  orphanObjects: number;
}

export const s3Client = (options: S3StorageOptions) =>
  new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: true, credentials: options.credentials });

/** True when an admin's review link to the uploaded file gives back the bytes the seller sent. */
export async function downloadsSameBytes(
  base: string,
  admin: Session,
  upload: LoadResult['uploads'][number],
  fileId: string,
): Promise<boolean> {
  const link = await fetch(`${base}/api/v1/admin/products/${upload.productId}/files/${fileId}/link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const url = ((await link.json()) as { url?: string }).url;
  if (!url) return false;
  const bytes = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
  return createHash('sha256').update(bytes).digest('hex') === upload.sha256;
}

/** Every upload answered 201: its rows, its objects in the bucket, and its bytes through an admin's review link. */
export async function checkUploads(
  base: string,
  databaseUrl: string,
  s3Options: S3StorageOptions,
  load: LoadResult,
  admin: Session,
): Promise<UploadCheck> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const s3 = s3Client(s3Options);
  const exists = async (key: string, size: number) => {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket: s3Options.bucket, Key: key }));
      return head.ContentLength === size;
    } catch {
      return false;
    }
  };
  try {
    let inBucket = 0;
    let downloadedSame = 0;
    for (const upload of load.uploads) {
      const files = await db.query('select id, storage_key, size_bytes from product_files where product_id = $1', [
        upload.productId,
      ]);
      const file = files.rows[0] as { id: string; storage_key: string; size_bytes: number } | undefined;
      if (!file || !(await exists(file.storage_key, upload.size))) continue;
      inBucket += 1;
      if (await downloadsSameBytes(base, admin, upload, file.id)) downloadedSame += 1;
    }
    const drillFiles = await db.query(
      `select f.storage_key, f.size_bytes from product_files f join products p on p.id = f.product_id where p.title like 'Drill upload %'`,
    );
    let halfWritten = 0;
    for (const row of drillFiles.rows as { storage_key: string; size_bytes: number }[])
      if (!(await exists(row.storage_key, row.size_bytes))) halfWritten += 1;
    const drillProductsWithoutFiles = await db.query(
      `select count(*)::int as n from products p where p.title like 'Drill upload %' and not exists (select 1 from product_files f where f.product_id = p.id)`,
    );
    halfWritten += drillProductsWithoutFiles.rows[0].n as number;
    return {
      answered: load.uploads.length,
      inBucket,
      downloadedSame,
      halfWritten,
      orphanObjects: await orphanObjects(db, s3, s3Options.bucket),
    };
  } finally {
    await db.end();
    s3.destroy();
  }
}

/** Objects under the product files' prefix that no product_files row names. */
async function orphanObjects(db: pg.Client, s3: S3Client, bucket: string): Promise<number> {
  const referenced = new Set(
    (await db.query('select storage_key from product_files')).rows.map((row) => row.storage_key as string),
  );
  const prefixes = new Set([...referenced].map((key) => key.split('/')[0]));
  let orphans = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? [])
      if (object.Key && prefixes.has(object.Key.split('/')[0]) && !referenced.has(object.Key)) orphans += 1;
    token = page.NextContinuationToken;
  } while (token);
  return orphans;
}
