import { CATEGORIES, type CategorySlug, LICENSES } from '@app/shared';
import { count, sql } from 'drizzle-orm';
import { orderItems, orders, productFiles, products, reviews } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import type { Storage } from '../../lib/storage';
import { writeLedger } from '../../modules/orders/fulfil';
import { findUserByEmail, insertUser, type UserRow } from '../../modules/users/repository';
import type { Database } from '../client';
import { CATEGORY_BLURBS, DEMO_REVIEWERS, DEMO_SELLERS, PRODUCT_NAMES, REVIEW_TEXTS } from './catalogue-data';
import { coverSvg } from './covers';

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
  const existing = await findUserByEmail(db, account.email);
  if (existing) return existing;
  return (await insertUser(db, { ...account, role, passwordHash, emailVerified: true })) as UserRow;
}

/** Seeds the demo catalogue once: sellers, 126 approved products, a few pending and rejected, files, reviews. */
export async function seedDemoCatalogue(db: Database, storage: Storage): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(products);
  if ((existing?.total ?? 0) > 0) return 0;
  const passwordHash = await hashPassword('Seller-demo-2026');
  const sellers: UserRow[] = [];
  for (const seller of DEMO_SELLERS) sellers.push(await ensureAccount(db, seller, 'seller', passwordHash));
  const reviewers: UserRow[] = [];
  for (const reviewer of DEMO_REVIEWERS) reviewers.push(await ensureAccount(db, reviewer, 'buyer', passwordHash));

  const rand = random(2026);
  const now = Date.now();
  const drafts: (typeof products.$inferInsert & { fileNames: string[] })[] = [];
  for (const category of CATEGORIES) {
    PRODUCT_NAMES[category.slug].forEach((title, index) => {
      const seller = sellers[(index + category.slug.length) % sellers.length] as UserRow;
      const price = BASE_PRICE[category.slug] + Math.floor(rand() * 12) * 500;
      const blurb = CATEGORY_BLURBS[category.slug];
      drafts.push({
        id: crypto.randomUUID(),
        sellerId: seller.id,
        sellerName: `${seller.firstName} ${seller.lastName}`,
        title,
        shortDescription: `${title}: ${blurb.short.charAt(0).toLowerCase()}${blurb.short.slice(1)}`,
        description: `${title} by ${seller.firstName} ${seller.lastName}. ${blurb.body}\n\nWhat's included:\n- ${blurb.files.join('\n- ')}\n- Free updates for 12 months\n- Email support from the seller`,
        priceCents: price,
        originalPriceCents: rand() < 0.3 ? price + 1000 + Math.floor(rand() * 4) * 500 : null,
        category: category.slug,
        license: (LICENSES[index % LICENSES.length] as (typeof LICENSES)[number]).slug,
        status: 'approved',
        featured: index < 2,
        tags: [category.name.toLowerCase(), ...title.toLowerCase().split(' ').slice(0, 2)],
        salesCount: Math.floor(rand() * 400),
        createdAt: new Date(now - Math.floor(rand() * 120 * 86_400_000)),
        fileNames: blurb.files,
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
  for (const item of extra) {
    const blurb = CATEGORY_BLURBS[item.category];
    drafts.push({
      id: crypto.randomUUID(),
      sellerId: demoSeller.id,
      sellerName: `${demoSeller.firstName} ${demoSeller.lastName}`,
      title: item.title,
      shortDescription: blurb.short,
      description: blurb.body,
      priceCents: BASE_PRICE[item.category],
      category: item.category,
      status: item.status,
      rejectionReason:
        item.status === 'rejected' ? 'This product may infringe the rights of third parties. Provide proof of licence.' : null,
      fileNames: blurb.files,
    });
  }

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
    for (const fileName of draft.fileNames) {
      await storage.put(`product-files/${draft.id}/${fileName}`, Buffer.from(sampleFile(draft.title, fileName)));
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(products).values(drafts.map(({ fileNames: _f, ...product }) => product));
    await tx.insert(productFiles).values(
      drafts.flatMap((draft) =>
        draft.fileNames.map((fileName) => ({
          productId: draft.id as string,
          fileName,
          storageKey: `product-files/${draft.id}/${fileName}`,
          contentType: fileName.endsWith('.json') ? 'application/json' : fileName.endsWith('.csv') ? 'text/csv' : 'text/plain',
          sizeBytes: Buffer.byteLength(sampleFile(draft.title, fileName)),
        })),
      ),
    );
    // Reviews come from buyers with a paid order for the product, as the rules require.
    let orderNumber = 1000;
    // The demo buyer owns one product per category without having reviewed it, so the review
    // form and the downloads can be tried straight away.
    const demoBuyer = reviewers.find((r) => r.email === 'buyer@example.com');
    const firstOfEachCategory = new Set(CATEGORIES.map((c) => drafts.find((d) => d.category === c.slug)?.id));
    for (const draft of drafts.filter((d) => d.status === 'approved')) {
      const owned = firstOfEachCategory.has(draft.id) && demoBuyer !== undefined;
      const reviewCount = owned ? 0 : Math.floor(rand() * 4);
      for (const reviewer of owned ? [demoBuyer] : reviewers.slice(0, reviewCount)) {
        orderNumber += 1;
        const paidAt = new Date((draft.createdAt as Date).getTime() + 86_400_000);
        const [order] = await tx
          .insert(orders)
          .values({
            orderNumber: `DEMO-${orderNumber}`,
            userId: reviewer.id,
            customerEmail: reviewer.email,
            status: 'completed',
            paymentStatus: 'paid',
            subtotalCents: draft.priceCents,
            totalCents: draft.priceCents,
            aiPoolCents: Math.round(draft.priceCents / 10),
            paidAt,
            createdAt: paidAt,
          })
          .returning();
        await tx.insert(orderItems).values({
          orderId: order?.id as string,
          productId: draft.id as string,
          productTitle: draft.title,
          sellerId: draft.sellerId,
          unitPriceCents: draft.priceCents,
        });
        await writeLedger(
          tx,
          order as typeof orders.$inferSelect,
          [{ sellerId: draft.sellerId, unitPriceCents: draft.priceCents, quantity: 1 }] as (typeof orderItems.$inferSelect)[],
          10,
        );
        if (owned) continue;
        await tx.insert(reviews).values({
          productId: draft.id as string,
          userId: reviewer.id,
          rating: 3 + Math.floor(rand() * 3),
          comment: REVIEW_TEXTS[Math.floor(rand() * REVIEW_TEXTS.length)] as string,
          createdAt: new Date(paidAt.getTime() + 3 * 86_400_000),
        });
      }
    }
    await tx.execute(sql`
      update products p set
        rating_average = coalesce(r.avg, 0),
        review_count = coalesce(r.n, 0)
      from (select product_id, round(avg(rating)::numeric, 2) as avg, count(*) as n from reviews group by product_id) r
      where r.product_id = p.id`);
  });
  return drafts.length;
}

function sampleFile(title: string, fileName: string): string {
  if (fileName.endsWith('.py')) {
    return `"""${title}\n\nEntry point. Run: python ${fileName} --help\n"""\nimport argparse\n\n\ndef main() -> None:\n    parser = argparse.ArgumentParser(description=${JSON.stringify(title)})\n    parser.add_argument("--input", required=False, help="input file")\n    args = parser.parse_args()\n    print(f"${title}: processing {args.input or 'stdin'}")\n\n\nif __name__ == "__main__":\n    main()\n`;
  }
  if (fileName.endsWith('.csv')) {
    return `id,text,label\n1,"Great product, works as described",positive\n2,"Arrived late and incomplete",negative\n3,"Does the job",neutral\n`;
  }
  if (fileName.endsWith('.json')) {
    return `${JSON.stringify({ name: title, version: '1.0.0', framework: 'pytorch', input_size: 512, labels: ['positive', 'negative'] }, null, 2)}\n`;
  }
  if (fileName.endsWith('.yaml')) {
    return `openapi: 3.0.3\ninfo:\n  title: ${title}\n  version: 1.0.0\npaths:\n  /v1/run:\n    post:\n      summary: Run ${title}\n      responses:\n        '200':\n          description: OK\n`;
  }
  if (fileName.endsWith('.txt')) {
    return `${title}\n\n1. You are an expert assistant. Write {{topic}} for {{audience}} in a {{tone}} tone.\n2. Summarise {{text}} in five bullet points.\n3. Rewrite {{draft}} to be clearer and shorter.\n`;
  }
  return `# ${title}\n\nThank you for your purchase.\n\n## Getting started\n\n1. Read this file.\n2. Follow the quickstart.\n3. Contact the seller through the marketplace for help.\n`;
}
