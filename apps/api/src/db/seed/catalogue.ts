import {
  aiPoolShareCents,
  CATEGORIES,
  type CategorySlug,
  findFramework,
  MODEL_FORMATS,
  type StoredListingCard,
} from '@app/shared';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { ledgerEntries, orderItems, orders, productFiles, products, refundRequests, reviews, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import type { Storage } from '../../lib/storage';
import type { DatasetAnalysis } from '../../modules/dataset-previews';
import { reverseSaleInTx, writeLedger } from '../../modules/orders/service';
import { scanStoredFile } from '../../modules/scans/service';
import { updateSellerProfile } from '../../modules/sellers';
import { ensureVerifiedAccount, type UserRow } from '../../modules/users/service';
import type { Database, Tx } from '../client';
import { demoCard, demoLicense } from './cards';
import {
  CATEGORY_BLURBS,
  DEMO_BUYERS,
  DEMO_SELLER_PAGES,
  DEMO_SELLERS,
  FIXED_PRICES,
  PRODUCT_NAMES,
  REVIEW_TEXTS,
} from './catalogue-data';
import { coverSvg } from './covers';
import { DemoPreviews, demoDatasetCard, demoDatasetCsv } from './dataset-previews';
import { demoWeights, isDemoWeightFormat } from './weights';

const BASE_PRICE: Record<CategorySlug, number> = {
  'ai-tools': 4900,
  scripts: 1900,
  datasets: 7900,
  apis: 2900,
  'ml-modules': 5900,
  'prompt-packs': 900,
  models: 9900,
};

/** A small deterministic generator, so every fresh install gets the same demo shop. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function ensureAccount(
  db: Database,
  account: { email: string; firstName: string; lastName: string },
  role: string,
  passwordHash: string,
): Promise<UserRow> {
  const { user } = await ensureVerifiedAccount(db, { ...account, role }, async () => passwordHash);
  return user as UserRow;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Demo sales fall within this many days before seeding, so the 90-day charts hold every one of them. */
export const DEMO_SALES_DAYS = 88;

type Draft = typeof products.$inferInsert & { id: string; createdAt: Date; fileNames: string[] };

interface PlannedOrder {
  buyer: UserRow;
  paidAt: Date;
  items: Draft[];
  /** When set, the buyer asked for their money back and an admin refunded it then. */
  refundedAt?: Date;
  /** Items the buyer reviews, and when. */
  reviews: { draft: Draft; at: Date }[];
}

/**
 * Seeds the demo catalogue once: sellers and buyers, 129 approved products, a few pending and
 * rejected, files, and the orders behind every figure. Sales are real paid orders of demo buyers
 * spread over the last DEMO_SALES_DAYS days (never in the future); reviews come only from buyers who
 * paid; each product's sales count and rating are computed from those rows.
 */
export async function seedDemoCatalogue(db: Database, storage: Storage): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(products);
  if ((existing?.total ?? 0) > 0) return 0;
  const passwordHash = await hashPassword('Seller-demo-2026');
  const sellers: UserRow[] = [];
  for (const seller of DEMO_SELLERS) sellers.push(await ensureAccount(db, seller, 'seller', passwordHash));
  for (const seller of sellers) {
    const page = DEMO_SELLER_PAGES[seller.email];
    if (page && !seller.sellerBio) await updateSellerProfile(db, seller.id, page);
  }
  const buyers: UserRow[] = [];
  for (const buyer of DEMO_BUYERS) buyers.push(await ensureAccount(db, buyer, 'buyer', passwordHash));

  const rand = random(2026);
  const now = Date.now();
  const drafts: Draft[] = [];
  for (const category of CATEGORIES) {
    PRODUCT_NAMES[category.slug].forEach((title, index) => {
      const seller = sellers[(index + category.slug.length) % sellers.length] as UserRow;
      const price = FIXED_PRICES[title] ?? BASE_PRICE[category.slug] + Math.floor(rand() * 12) * 500;
      const blurb = CATEGORY_BLURBS[category.slug];
      const shipped = withWeights(title, demoCard(category.slug, title, demoLicense(category.slug, index), index), blurb.files);
      drafts.push({
        id: crypto.randomUUID(),
        sellerId: seller.id,
        sellerName: `${seller.firstName} ${seller.lastName}`,
        title,
        shortDescription: `${title}: ${blurb.short.charAt(0).toLowerCase()}${blurb.short.slice(1)}`,
        description: `${title} by ${seller.firstName} ${seller.lastName}. ${blurb.body}\n\n### What's included\n\n- ${shipped.fileNames.join('\n- ')}\n- Free updates for 12 months\n- Email support from the seller`,
        priceCents: price,
        originalPriceCents: rand() < 0.3 ? price + 1000 + Math.floor(rand() * 4) * 500 : null,
        category: category.slug,
        license: demoLicense(category.slug, index),
        card: shipped.card,
        status: 'approved',
        featured: index < 2,
        tags: [category.name.toLowerCase(), ...title.toLowerCase().split(' ').slice(0, 2)],
        // Listed between a week and six months ago; sales are counted from the orders below.
        createdAt: new Date(now - 7 * DAY - Math.floor(rand() * 173 * DAY)),
        fileNames: shipped.fileNames,
      });
    });
  }
  const extra = [
    { title: 'Autonomous Research Agent', category: 'ai-tools' as const, status: 'pending' as const },
    { title: 'Synthetic Faces Dataset', category: 'datasets' as const, status: 'pending' as const },
    { title: 'Crypto Arbitrage Bot Script', category: 'scripts' as const, status: 'pending' as const },
    { title: 'Unlicensed Celebrity Voice Model', category: 'models' as const, status: 'rejected' as const },
    { title: 'Scraped Private Emails Dataset', category: 'datasets' as const, status: 'rejected' as const },
  ];
  const demoSeller = sellers[0] as UserRow;
  for (const [index, item] of extra.entries()) {
    const blurb = CATEGORY_BLURBS[item.category];
    const shipped = withWeights(
      item.title,
      demoCard(item.category, item.title, demoLicense(item.category, index), index),
      blurb.files,
    );
    drafts.push({
      id: crypto.randomUUID(),
      sellerId: demoSeller.id,
      sellerName: `${demoSeller.firstName} ${demoSeller.lastName}`,
      title: item.title,
      shortDescription: blurb.short,
      description: blurb.body,
      priceCents: BASE_PRICE[item.category],
      category: item.category,
      license: demoLicense(item.category, index),
      card: shipped.card,
      status: item.status,
      rejectionReason:
        item.status === 'rejected' ? 'This product may infringe the rights of third parties. Provide proof of licence.' : null,
      createdAt: new Date(now - (index + 1) * DAY - Math.floor(rand() * 12 * HOUR)),
      fileNames: shipped.fileNames,
    });
  }

  const scans = new Map<string, Awaited<ReturnType<typeof scanStoredFile>>>();
  const sizes = new Map<string, number>();
  const scannedAt = new Date(now);
  const previews = new DemoPreviews();
  for (const draft of drafts) {
    const category = CATEGORIES.find((c) => c.slug === draft.category) as (typeof CATEGORIES)[number];
    await storage.put(
      `product-images/${draft.id}-cover.svg`,
      Buffer.from(coverSvg(draft.title, category.name, category.slug, 'cover')),
    );
    await storage.put(
      `product-images/${draft.id}-detail.svg`,
      Buffer.from(coverSvg(draft.title, category.name, category.slug, 'detail')),
    );
    draft.images = [`product-images/${draft.id}-cover.svg`, `product-images/${draft.id}-detail.svg`];
    const dataFiles: { analysis: DatasetAnalysis; sizeBytes: number }[] = [];
    for (const fileName of draft.fileNames) {
      const key = `product-files/${draft.id}/${fileName}`;
      const bytes = fileBytes(draft, fileName);
      sizes.set(key, bytes.length);
      await storage.put(key, bytes);
      // Scanned like every upload, so the demo shows real verdicts (and its approved products the badge).
      scans.set(key, await scanStoredFile(storage, key, fileName, bytes.length));
      // And previewed like every upload: dataset pages show their schema, statistics and sample.
      const analysis = await previews.make(storage, draft.id, key, fileName);
      if (analysis) dataFiles.push({ analysis, sizeBytes: bytes.length });
    }
    // A dataset's card tells what its files hold: rows, columns, formats and size from the previews.
    const dataset = draft.card?.dataset ? demoDatasetCard(dataFiles) : null;
    if (dataset) draft.card = { ...draft.card, dataset };
    draft.scannedAt = scannedAt;
  }

  const plan = planDemoOrders(
    drafts.filter((d) => d.status === 'approved'),
    buyers,
    rand,
    now,
  );
  await db.transaction(async (tx) => {
    await tx.insert(products).values(drafts.map(({ fileNames: _f, ...product }) => product));
    await tx.insert(productFiles).values(
      drafts.flatMap((draft) =>
        draft.fileNames.map((fileName) => ({
          id: previews.fileId(`product-files/${draft.id}/${fileName}`),
          productId: draft.id,
          fileName,
          storageKey: `product-files/${draft.id}/${fileName}`,
          contentType: contentTypeOf(fileName),
          sizeBytes: sizes.get(`product-files/${draft.id}/${fileName}`) ?? 0,
          scanVerdict: scans.get(`product-files/${draft.id}/${fileName}`)?.verdict,
          scanReasons: scans.get(`product-files/${draft.id}/${fileName}`)?.reasons,
          scannedAt,
        })),
      ),
    );
    await previews.save(tx);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    for (const [index, planned] of plan.entries()) {
      const totalCents = planned.items.reduce((sum, item) => sum + item.priceCents, 0);
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: `DEMO-${1001 + index}`,
          userId: planned.buyer.id,
          customerEmail: planned.buyer.email,
          status: planned.refundedAt ? 'refunded' : 'completed',
          paymentStatus: planned.refundedAt ? 'refunded' : 'paid',
          subtotalCents: totalCents,
          totalCents,
          aiPoolCents: aiPoolShareCents(totalCents),
          paidAt: planned.paidAt,
          // Checkout is a few minutes before the payment.
          createdAt: new Date(planned.paidAt.getTime() - 4 * 60_000),
          updatedAt: planned.refundedAt ?? planned.paidAt,
          downloadVersion: planned.refundedAt ? 1 : 0,
        })
        .returning();
      if (!order) throw new Error('demo order not created');
      const items = await tx
        .insert(orderItems)
        .values(
          planned.items.map((item) => ({
            orderId: order.id,
            productId: item.id,
            productTitle: item.title,
            sellerId: item.sellerId,
            unitPriceCents: item.priceCents,
          })),
        )
        .returning();
      await writeLedger(tx, order, items, DEMO_PLATFORM_FEE_PERCENT);
      if (planned.refundedAt) {
        await tx.insert(refundRequests).values({
          orderId: order.id,
          userId: planned.buyer.id,
          reason: 'Bought the wrong dataset for my project, sorry.',
          status: 'approved',
          decidedBy: admin?.id ?? null,
          decisionNote: 'Refunded, no problem.',
          createdAt: new Date(planned.refundedAt.getTime() - 20 * HOUR),
          decidedAt: planned.refundedAt,
        });
        await reverseSaleInTx(tx, order.id);
      }
      // The books are dated when the money moved, as checkout and refunds date them.
      await tx
        .update(ledgerEntries)
        .set({
          createdAt: sql`case when ${ledgerEntries.reason} = 'refund' then ${(planned.refundedAt ?? planned.paidAt).toISOString()}::timestamptz else ${planned.paidAt.toISOString()}::timestamptz end`,
        })
        .where(eq(ledgerEntries.orderId, order.id));
      for (const review of planned.reviews) {
        await tx.insert(reviews).values({
          productId: review.draft.id,
          userId: planned.buyer.id,
          rating: rand() < 0.15 ? 2 + Math.floor(rand() * 2) : 4 + Math.floor(rand() * 2),
          comment: REVIEW_TEXTS[Math.floor(rand() * REVIEW_TEXTS.length)] as string,
          createdAt: review.at,
          updatedAt: review.at,
        });
      }
    }
    // Every demo member joined before they first bought or sold anything.
    await backdateAccounts(tx, plan, sellers, now, rand);
    await tx.execute(sql`
      update products p set
        sales_count = coalesce((
          select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
          where i.product_id = p.id and o.payment_status = 'paid'), 0),
        rating_average = coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.product_id = p.id), 0),
        review_count = (select count(*) from reviews r where r.product_id = p.id)`);
  });
  return drafts.length;
}

/** The platform fee the demo books (the default of PLATFORM_FEE_PERCENT). */
const DEMO_PLATFORM_FEE_PERCENT = 10;

/**
 * Who bought what, when. Some products sell often, many a little, some not at all; a buyer buys a
 * product once, only after it was listed; about half review what they bought a few days later.
 * The demo buyer owns the first product of each category, unreviewed, so the review form and the
 * downloads can be tried at once, with recent orders still inside the 30-day refund window.
 */
function planDemoOrders(approved: Draft[], buyers: UserRow[], rand: () => number, now: number): PlannedOrder[] {
  const latest = now - HOUR;
  const earliest = now - DEMO_SALES_DAYS * DAY;
  const orders: PlannedOrder[] = [];
  const [demoBuyer, ...others] = buyers;
  const firsts = CATEGORIES.map((c) => approved.find((d) => d.category === c.slug)).filter((d): d is Draft => Boolean(d));
  if (demoBuyer) {
    firsts.forEach((draft, index) => {
      const wanted = now - (2 + index * 12) * DAY - Math.floor(rand() * 10 * HOUR);
      const at = Math.min(latest, Math.max(wanted, draft.createdAt.getTime() + DAY));
      orders.push({ buyer: demoBuyer, paidAt: new Date(at), items: [draft], reviews: [] });
    });
  }
  // A fixed popularity order: products early in it sell more.
  const popularity = approved.map((draft) => ({ draft, key: rand() })).sort((a, b) => a.key - b.key);
  for (const buyer of others) {
    const owned = new Set<string>();
    const count = 3 + Math.floor(rand() * 6);
    for (let n = 0; n < count; n += 1) {
      const at = latest - Math.floor(rand() * (latest - earliest));
      const eligible = popularity.filter(({ draft }) => draft.createdAt.getTime() + DAY <= at && !owned.has(draft.id));
      if (eligible.length === 0) continue;
      const size = rand() < 0.65 ? 1 : rand() < 0.7 ? 2 : 3;
      const items: Draft[] = [];
      for (let k = 0; k < size && eligible.length > 0; k += 1) {
        const [picked] = eligible.splice(Math.floor(rand() ** 2 * eligible.length), 1);
        if (!picked) break;
        items.push(picked.draft);
        owned.add(picked.draft.id);
      }
      const reviewed = items
        .filter(() => rand() < 0.5)
        .map((draft) => ({ draft, at: new Date(Math.min(now - 10 * 60_000, at + DAY + Math.floor(rand() * 6 * DAY))) }));
      orders.push({ buyer, paidAt: new Date(at), items, reviews: reviewed });
    }
  }
  // One order was refunded: it shows under refunds and counts in no sales figure.
  const refundable = orders.find((o) => o.buyer !== demoBuyer && o.reviews.length === 0 && o.paidAt.getTime() < now - 5 * DAY);
  if (refundable) refundable.refundedAt = new Date(refundable.paidAt.getTime() + 2 * DAY);
  return orders.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
}

async function backdateAccounts(tx: Tx, plan: PlannedOrder[], sellers: UserRow[], now: number, rand: () => number) {
  const firstOrder = new Map<string, number>();
  for (const order of plan) {
    const at = order.paidAt.getTime() - 4 * 60_000;
    firstOrder.set(order.buyer.id, Math.min(firstOrder.get(order.buyer.id) ?? at, at));
  }
  for (const [userId, at] of firstOrder) {
    const joined = new Date(at - HOUR - Math.floor(rand() * 20 * DAY));
    await tx.update(users).set({ createdAt: joined }).where(eq(users.id, userId));
  }
  // Sellers opened their shops before their first listing (six months ago at most).
  for (const [index, seller] of sellers.entries()) {
    await tx
      .update(users)
      .set({ createdAt: new Date(now - (185 + index * 9) * DAY) })
      .where(eq(users.id, seller.id));
  }
  await tx
    .update(users)
    .set({ createdAt: new Date(now - 240 * DAY) })
    .where(inArray(users.email, ['admin@example.com', 'simpleadmin@example.com']));
}

/**
 * A demo product's card and files: a model ships a real weights file in the format its card names,
 * and the card counts the parameters that file holds (it claims nothing the files are not).
 */
function withWeights(title: string, card: StoredListingCard, files: string[]): { card: StoredListingCard; fileNames: string[] } {
  const model = card.model;
  if (!model) return { card, fileNames: files };
  if (!isDemoWeightFormat(model.model_format)) throw new Error(`The demo ships no ${model.model_format} weights (${title})`);
  const weights = demoWeights(model.model_format, title);
  return { card: { ...card, model: { ...model, parameters: weights.parameters } }, fileNames: [...files, weights.fileName] };
}

function fileBytes(draft: Pick<Draft, 'title' | 'card'>, fileName: string): Buffer {
  const model = draft.card?.model;
  if (model && isDemoWeightFormat(model.model_format) && fileName === `model.${model.model_format}`)
    return demoWeights(model.model_format, draft.title).bytes;
  return Buffer.from(sampleFile(draft, fileName));
}

function contentTypeOf(fileName: string): string {
  if (fileName.endsWith('.json')) return 'application/json';
  if (fileName.endsWith('.csv')) return 'text/csv';
  if (/[.](safetensors|gguf|onnx)$/.test(fileName)) return 'application/octet-stream';
  return 'text/plain';
}

function sampleFile(draft: Pick<Draft, 'title' | 'card'>, fileName: string): string {
  const title = draft.title;
  if (fileName.endsWith('.py')) {
    return `"""${title}\n\nEntry point. Run: python ${fileName} --help\n"""\nimport argparse\n\n\ndef main() -> None:\n    parser = argparse.ArgumentParser(description=${JSON.stringify(title)})\n    parser.add_argument("--input", required=False, help="input file")\n    args = parser.parse_args()\n    print(f"${title}: processing {args.input or 'stdin'}")\n\n\nif __name__ == "__main__":\n    main()\n`;
  }
  if (fileName.endsWith('.csv')) return demoDatasetCsv(title);
  if (fileName.endsWith('.json')) {
    // The model's settings as its listing card states them (it once said PyTorch for every model).
    const model = draft.card?.model;
    const settings = model
      ? { task: model.task, framework: model.framework, model_format: model.model_format, parameters: model.parameters }
      : { framework: 'pytorch' };
    return `${JSON.stringify({ name: title, version: '1.0.0', ...settings, input_size: 512, labels: ['positive', 'negative'] }, null, 2)}\n`;
  }
  if (fileName.endsWith('.yaml')) {
    return `openapi: 3.0.3\ninfo:\n  title: ${title}\n  version: 1.0.0\npaths:\n  /v1/run:\n    post:\n      summary: Run ${title}\n      responses:\n        '200':\n          description: OK\n`;
  }
  const model = draft.card?.model;
  if (model && fileName.endsWith('.md')) {
    // What the weights file holds, as the listing card states it.
    const format = MODEL_FORMATS.find((f) => f.slug === model.model_format)?.name ?? model.model_format;
    return `# ${title}\n\n- Task: ${model.task}\n- Framework: ${findFramework(model.framework)?.name ?? model.framework}\n- Weights: model.${model.model_format} (${format})${model.parameters ? `, ${model.parameters} parameters: the output layer, a weight matrix and its bias` : ''}\n- Settings: config.json\n\n## Getting started\n\n1. Load model.${model.model_format} with your ${format} reader.\n2. Contact the seller through the marketplace for help.\n`;
  }
  if (fileName.endsWith('.txt')) {
    return `${title}\n\n1. You are an expert assistant. Write {{topic}} for {{audience}} in a {{tone}} tone.\n2. Summarise {{text}} in five bullet points.\n3. Rewrite {{draft}} to be clearer and shorter.\n`;
  }
  return `# ${title}\n\nThank you for your purchase.\n\n## Getting started\n\n1. Read this file.\n2. Follow the quickstart.\n3. Contact the seller through the marketplace for help.\n`;
}
