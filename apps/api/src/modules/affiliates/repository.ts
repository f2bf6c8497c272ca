import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { affiliateClicks, affiliateLinks, affiliateSettings, bankAccounts, users } from '../../db/schema';

export type AffiliateLinkRow = typeof affiliateLinks.$inferSelect;
export type AffiliateSettingsRow = typeof affiliateSettings.$inferSelect;

// Settings: one row.

export async function findAffiliateSettings(db: DbOrTx): Promise<AffiliateSettingsRow | undefined> {
  const [row] = await db.select().from(affiliateSettings).where(eq(affiliateSettings.id, 1));
  return row;
}

/** Creates the settings row with its defaults unless it exists. */
export async function ensureAffiliateSettingsRow(db: DbOrTx): Promise<void> {
  await db.insert(affiliateSettings).values({ id: 1 }).onConflictDoNothing();
}

/** Locks the settings row until the transaction ends (FOR UPDATE). */
export async function lockAffiliateSettings(tx: DbOrTx): Promise<AffiliateSettingsRow | undefined> {
  const [row] = await tx.select().from(affiliateSettings).where(eq(affiliateSettings.id, 1)).for('update');
  return row;
}

export async function updateAffiliateSettingsRow(
  tx: DbOrTx,
  changes: Partial<AffiliateSettingsRow>,
): Promise<AffiliateSettingsRow | undefined> {
  const [after] = await tx.update(affiliateSettings).set(changes).where(eq(affiliateSettings.id, 1)).returning();
  return after;
}

// Links, visits, referrers.

export async function findAffiliateLinkOfUser(db: DbOrTx, userId: string): Promise<AffiliateLinkRow | undefined> {
  const [existing] = await db.select().from(affiliateLinks).where(eq(affiliateLinks.userId, userId));
  return existing;
}

/** Adds the user's link unless they have one or the code is taken. */
export async function insertAffiliateLinkIfFree(db: DbOrTx, userId: string, code: string): Promise<void> {
  await db.insert(affiliateLinks).values({ userId, code }).onConflictDoNothing();
}

/** The owner of the code (any case), while their account is active. */
export async function findActiveAffiliateByCode(db: DbOrTx, code: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .select({ userId: affiliateLinks.userId })
    .from(affiliateLinks)
    .innerJoin(users, eq(users.id, affiliateLinks.userId))
    .where(and(eq(affiliateLinks.code, code.toLowerCase()), eq(users.isActive, true), isNull(users.deletedAt)));
  return row;
}

/** One click per visitor, affiliate and day: a repeat is ignored. */
export async function insertAffiliateClick(
  db: DbOrTx,
  click: { affiliateId: string; visitorHash: string; day: string },
): Promise<void> {
  await db.insert(affiliateClicks).values(click).onConflictDoNothing();
}

export async function isActiveUser(db: DbOrTx, userId: string): Promise<boolean> {
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)));
  return referrer !== undefined;
}

export async function hasBankAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const account = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return account.length > 0;
}

// Figures (numbers come as strings where bigint).

/** The member's commission entries split by whether their sale is younger than `cutoff` (pending) or not (released). */
export async function sumCommissionByHold(db: DbOrTx, userId: string, cutoff: Date) {
  const result = await db.execute<{ pending: string; released: string }>(sql`
    select coalesce(sum(l.amount_cents) filter (where s.created_at > ${cutoff}), 0)::bigint as pending,
      coalesce(sum(l.amount_cents) filter (where s.created_at <= ${cutoff}), 0)::bigint as released
    from ledger_entries l
    join ledger_entries s on s.order_id = l.order_id and s.kind = 'affiliate' and s.reason = 'sale' and s.seller_id = l.seller_id
    where l.kind = 'affiliate' and l.seller_id = ${userId}`);
  return result.rows[0];
}

/** The member's clicks, referred paid and refunded orders, and paid sales. */
export async function countReferralFigures(db: DbOrTx, userId: string) {
  const result = await db.execute<{ clicks: number; orders: number; refunded: number; sales: string }>(sql`
      select (select count(*) from affiliate_clicks where affiliate_id = ${userId})::int as clicks,
        count(*) filter (where o.paid_at is not null)::int as orders,
        count(*) filter (where o.payment_status = 'refunded')::int as refunded,
        coalesce(sum(o.total_cents - o.tax_cents) filter (where o.payment_status = 'paid'), 0)::bigint as sales
      from orders o where o.affiliate_id = ${userId}`);
  return result.rows[0];
}

/** Referred paid orders, newest first, with the member's commission; the reference hides the order id. */
export async function listReferredSales(db: DbOrTx, userId: string, limit: number, offset: number) {
  const result = await db.execute<{
    reference: string;
    paid_at: Date | string;
    total_cents: number;
    payment_status: string;
    commission: string;
  }>(sql`
      select left(encode(sha256(convert_to('affiliate-sale:' || o.id::text, 'UTF8')), 'hex'), 16) as reference, o.paid_at, o.total_cents - o.tax_cents as total_cents, o.payment_status,
        coalesce((select l.amount_cents from ledger_entries l
          where l.order_id = o.id and l.kind = 'affiliate' and l.reason = 'sale' and l.seller_id = ${userId}), 0)::bigint as commission
      from orders o
      where o.affiliate_id = ${userId} and o.paid_at is not null
      order by o.paid_at desc, o.id desc
      limit ${limit} offset ${offset}`);
  return result.rows;
}

export async function countReferredSales(db: DbOrTx, userId: string): Promise<number> {
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from orders where affiliate_id = ${userId} and paid_at is not null`,
  );
  return counted.rows[0]?.total ?? 0;
}

/** Every member with a link and their figures, most earning first; pending = commission of sales younger than `cutoff`. */
export async function listAffiliateFigures(db: DbOrTx, cutoff: Date, limit: number, offset: number) {
  const figures = sql`
    select a.user_id, a.code, a.created_at, u.first_name || ' ' || u.last_name as name, u.email,
      (select count(*) from affiliate_clicks c where c.affiliate_id = a.user_id)::int as clicks,
      (select count(*) from orders o where o.affiliate_id = a.user_id and o.paid_at is not null)::int as orders,
      (select coalesce(sum(o.total_cents - o.tax_cents), 0) from orders o where o.affiliate_id = a.user_id and o.payment_status = 'paid')::bigint as sales,
      (select coalesce(sum(l.amount_cents), 0) from ledger_entries l where l.kind = 'affiliate' and l.seller_id = a.user_id)::bigint as earnings,
      (select coalesce(sum(l.amount_cents), 0) from ledger_entries l
        join ledger_entries s on s.order_id = l.order_id and s.kind = 'affiliate' and s.reason = 'sale' and s.seller_id = l.seller_id
        where l.kind = 'affiliate' and l.seller_id = a.user_id and s.created_at > ${cutoff})::bigint as pending
    from affiliate_links a join users u on u.id = a.user_id`;
  const result = await db.execute<{
    user_id: string;
    code: string;
    created_at: Date | string;
    name: string;
    email: string;
    clicks: number;
    orders: number;
    sales: string;
    earnings: string;
    pending: string;
  }>(sql`select * from (${figures}) f order by f.earnings desc, f.clicks desc, f.created_at desc, f.user_id
      limit ${limit} offset ${offset}`);
  return result.rows;
}

/** The programme's totals: members, clicks, referred paid orders, sales and commission. */
export async function sumProgrammeTotals(db: DbOrTx) {
  const result = await db.execute<{ members: number; clicks: number; orders: number; sales: string; earnings: string }>(sql`
      select (select count(*) from affiliate_links)::int as members,
        (select count(*) from affiliate_clicks)::int as clicks,
        (select count(*) from orders where affiliate_id is not null and paid_at is not null)::int as orders,
        (select coalesce(sum(total_cents - tax_cents), 0) from orders where affiliate_id is not null and payment_status = 'paid')::bigint as sales,
        (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'affiliate')::bigint as earnings`);
  return result.rows[0];
}
