import { count, inArray, sql } from 'drizzle-orm';
import { forumCategories, forumReplies, forumThreads, users } from '../../db/schema';
import type { Database, Tx } from '../client';

/**
 * Demo community threads, written by the demo buyers, sellers and admin. Threads about a product
 * are opened by someone who bought it and answered by its seller, so the buyer badges are real.
 * Everything is dated in the past, after the purchases it talks about.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Post {
  /** A demo account's e-mail, or 'seller' for the product's seller, or 'buyer:N' for its Nth buyer. */
  by: string;
  body: string;
  /** Hours after the thread opened. */
  after: number;
}

interface ThreadPlan {
  category: 'general' | 'product-help' | 'showcase' | 'feature-requests';
  title: string;
  body: string;
  by: string;
  daysAgo: number;
  pinned?: boolean;
  replies: Post[];
}

interface ProductThreadPlan extends Omit<ThreadPlan, 'title' | 'body' | 'daysAgo'> {
  /** The catalogue category whose best-selling product the thread is about. */
  productCategory: string;
  title: (product: string) => string;
  body: (product: string) => string;
}

const THREADS: ThreadPlan[] = [
  {
    category: 'general',
    title: 'Welcome to the AI Marketplace community',
    body: 'Hi everyone! This is the place to ask questions about products, share what you built and suggest improvements.\n\n- **Product help**: questions about something you bought or are considering\n- **Showcase**: show your projects\n- **Feature requests**: ideas for the marketplace\n\nPlease keep it friendly and on topic. Sellers read along and often answer here.',
    by: 'admin@example.com',
    daysAgo: 75,
    pinned: true,
    replies: [
      { by: 'reviewer1@example.com', body: 'Thanks for setting this up! Looking forward to swapping notes.', after: 6 },
      {
        by: 'neuralforge@example.com',
        body: 'Happy to be here. We will answer questions about our tools in this forum too.',
        after: 30,
      },
    ],
  },
  {
    category: 'general',
    title: 'Which LLM provider do you pair with the AI tools here?',
    body: 'Most tools on the marketplace say they work with "the major LLM providers". In practice, which one do you use, and why? I care mostly about latency and cost for a customer support use case.',
    by: 'reviewer1@example.com',
    daysAgo: 41,
    replies: [
      {
        by: 'reviewer2@example.com',
        body: 'We started with the biggest hosted model and moved the simple intents to a small model. Costs dropped by about 70% with no complaints from users.',
        after: 3,
      },
      {
        by: 'neuralforge@example.com',
        body: 'Seller here: our tools take the provider as a setting, so you can switch per task. For support, a small fast model plus retrieval usually beats a big model alone.',
        after: 9,
      },
      {
        by: 'reviewer3@example.com',
        body: 'Self-hosting an open model is worth a look if your data can not leave your servers. Slower to set up, but no per-token bill.',
        after: 26,
      },
    ],
  },
  {
    category: 'general',
    title: 'How do you check a dataset before buying it?',
    body: 'Datasets are the one thing I hesitate to buy blind. What do you look at first: the data card, the sample file, the licence?',
    by: 'reviewer4@example.com',
    daysAgo: 23,
    replies: [
      {
        by: 'dataharbor@example.com',
        body: 'Speaking as a dataset seller: read the data card for how it was collected and its known gaps, then open the sample CSV. If the sample does not match your task, the full set will not either.',
        after: 4,
      },
      {
        by: 'hana.sato@example.com',
        body: 'Licence first for me. A great dataset you can not use commercially is no use to my team.',
        after: 20,
      },
    ],
  },
  {
    category: 'feature-requests',
    title: 'Compare two products side by side',
    body: 'When choosing between two similar APIs I keep switching tabs. A compare view with price, licence, rating and sales side by side would help a lot.',
    by: 'diego.alvarez@example.com',
    daysAgo: 33,
    replies: [
      {
        by: 'chloe.martin@example.com',
        body: '+1. The shopping assistant can already compare two products if you ask it "compare X and Y", but a page for it would be nicer.',
        after: 5,
      },
      {
        by: 'seller@example.com',
        body: 'As a seller I would welcome this too, as long as it shows what is included, not only the price.',
        after: 28,
      },
    ],
  },
  {
    category: 'feature-requests',
    title: 'Changelogs for product updates',
    body: 'Many products promise 12 months of free updates. It would be great if sellers could post a short changelog with each new version, so buyers know when to download again.',
    by: 'scriptworks@example.com',
    daysAgo: 12,
    replies: [
      { by: 'wei.zhang@example.com', body: 'Yes please, and an e-mail when something I bought gets a new version.', after: 7 },
      {
        by: 'fatima.khan@example.com',
        body: 'Agreed. Even a one-line "what changed" would save me re-reading the README every time.',
        after: 31,
      },
    ],
  },
];

const PRODUCT_THREADS: ProductThreadPlan[] = [
  {
    category: 'product-help',
    productCategory: 'ai-tools',
    title: (product) => `Running ${product} behind a company proxy`,
    body: (product) =>
      `I bought ${product} last week and it works great on my laptop. On our servers all outgoing traffic goes through a proxy, and the tool times out when it calls the LLM API. Where do I set the proxy?`,
    by: 'buyer:0',
    replies: [
      {
        by: 'seller',
        body: 'Thanks for buying! Set the standard `HTTPS_PROXY` environment variable before starting it; the quickstart has a section on it at the end. If it still times out, send me the log through the contact form.',
        after: 5,
      },
      { by: 'buyer:1', body: 'Same setup here, `HTTPS_PROXY` fixed it for us too.', after: 22 },
    ],
  },
  {
    category: 'showcase',
    productCategory: 'datasets',
    title: (product) => `What I trained on ${product}`,
    body: (product) =>
      `Sharing a small project: I used ${product} to fine-tune a classifier for our internal tool. With the provided splits it reached 91% accuracy on the test set after an afternoon of work. Happy to answer questions about the setup.`,
    by: 'buyer:0',
    replies: [
      { by: 'buyer:1', body: 'Nice result! Did you balance the classes or use the data as it comes?', after: 8 },
      {
        by: 'buyer:0',
        body: 'As it comes. The data card lists the label counts, and they were even enough for my task.',
        after: 12,
      },
      { by: 'seller', body: 'Great to see it used like this. A bigger version is in the works.', after: 40 },
    ],
  },
  {
    category: 'product-help',
    productCategory: 'prompt-packs',
    title: (product) => `Adapting ${product} to our brand voice`,
    body: (product) =>
      `The prompts in ${product} produce good drafts, but they sound a bit generic for us. How do you make them follow a brand voice? Put examples in every prompt, or a style guide at the top?`,
    by: 'buyer:0',
    replies: [
      {
        by: 'seller',
        body: 'A short style guide at the top plus two example paragraphs works best in our tests. The README has a template for it under "Adapting the prompts".',
        after: 6,
      },
      {
        by: 'buyer:1',
        body: 'I keep the style guide in a separate variable and reuse it across prompts. Much easier to update.',
        after: 30,
      },
    ],
  },
];

interface BestSeller extends Record<string, unknown> {
  id: string;
  title: string;
  seller_id: string;
  buyers: string[];
  first_paid: string;
}

/** The category's best-selling approved product with at least two buyers who paid more than five days ago. */
async function bestSeller(tx: Tx, category: string): Promise<BestSeller | undefined> {
  const result = await tx.execute<BestSeller>(sql`
    select p.id, p.title, p.seller_id, min(o.paid_at)::text as first_paid,
      array_agg(o.user_id::text order by o.paid_at) filter (where o.paid_at < now() - interval '5 days') as buyers
    from products p
    join order_items i on i.product_id = p.id
    join orders o on o.id = i.order_id and o.payment_status = 'paid'
    join users u on u.id = o.user_id and u.email <> 'buyer@example.com'
    where p.status = 'approved' and p.deleted_at is null and p.category = ${category}
    group by p.id, p.title, p.seller_id
    having count(distinct o.user_id) filter (where o.paid_at < now() - interval '5 days') >= 2
    order by count(*) desc, p.title
    limit 1`);
  return result.rows[0];
}

/** Seeds the demo threads once (nothing happens when the forum already has a thread). Returns how many. */
export async function seedDemoForum(db: Database): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(forumThreads);
  if ((existing?.total ?? 0) > 0) return 0;
  const now = Date.now();
  return db.transaction(async (tx) => {
    const categories = new Map(
      (await tx.select({ id: forumCategories.id, slug: forumCategories.slug }).from(forumCategories)).map((c) => [c.slug, c.id]),
    );
    const emails = [...THREADS, ...PRODUCT_THREADS].flatMap((t) => [t.by, ...t.replies.map((r) => r.by)]);
    const accounts = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.email, [...new Set(emails.filter((e) => e.includes('@')))]))
      ).map((u) => [u.email, u.id]),
    );

    let created = 0;
    const write = async (
      plan: Pick<ThreadPlan, 'category' | 'title' | 'body' | 'pinned'>,
      author: string,
      replies: { author: string; body: string; after: number }[],
      productId: string | null,
      openedAt: number,
    ) => {
      const categoryId = categories.get(plan.category);
      if (!categoryId) return;
      const latest = now - 30 * 60_000;
      const replyTimes = replies.map((reply) => Math.min(latest, openedAt + reply.after * HOUR));
      const lastActivity = new Date(Math.max(openedAt, ...replyTimes));
      const [thread] = await tx
        .insert(forumThreads)
        .values({
          categoryId,
          authorId: author,
          productId,
          title: plan.title,
          body: plan.body,
          isPinned: plan.pinned ?? false,
          createdAt: new Date(openedAt),
          lastActivityAt: lastActivity,
        })
        .returning({ id: forumThreads.id });
      if (!thread) return;
      await tx.insert(forumReplies).values(
        replies.map((reply, index) => ({
          threadId: thread.id,
          authorId: reply.author,
          body: reply.body,
          createdAt: new Date(replyTimes[index] as number),
        })),
      );
      created += 1;
    };

    for (const plan of THREADS) {
      const author = accounts.get(plan.by);
      const replies = plan.replies.flatMap((r) => {
        const id = accounts.get(r.by);
        return id ? [{ author: id, body: r.body, after: r.after }] : [];
      });
      if (!author || replies.length === 0) continue;
      await write(plan, author, replies, null, now - plan.daysAgo * DAY);
    }

    for (const plan of PRODUCT_THREADS) {
      const product = await bestSeller(tx, plan.productCategory);
      if (!product) continue;
      const who = (by: string) =>
        by === 'seller' ? product.seller_id : by.startsWith('buyer:') ? product.buyers[Number(by.slice(6))] : accounts.get(by);
      const author = who(plan.by);
      const replies = plan.replies.flatMap((r) => {
        const id = who(r.by);
        return id ? [{ author: id, body: r.body, after: r.after }] : [];
      });
      if (!author || replies.length === 0) continue;
      // A day after the first buyer paid, so the buyers had the product when they wrote.
      const lastBuyerPaid = await tx.execute<{ at: string }>(sql`
        select max(o.paid_at)::text as at from orders o join order_items i on i.order_id = o.id
        where i.product_id = ${product.id} and o.payment_status = 'paid'
          and o.user_id in (${sql.join(
            [...new Set(replies.map((r) => r.author).concat(author))].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`);
      const after = new Date(lastBuyerPaid.rows[0]?.at ?? product.first_paid).getTime();
      const openedAt = Math.min(now - 3 * DAY, after + DAY);
      await write(
        { ...plan, title: plan.title(product.title), body: plan.body(product.title) },
        author,
        replies,
        product.id,
        openedAt,
      );
    }
    return created;
  });
}
