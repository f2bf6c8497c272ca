import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, paymentRefunds, taxRates } from '../../db/schema';

export type TaxRateRow = typeof taxRates.$inferSelect;
type TaxRatePlace = { country: string; region: string };

/** Every rate the admin keeps, by country then region. */
export async function listTaxRates(db: DbOrTx): Promise<TaxRateRow[]> {
  return db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
}

/** The rate for a place: the region's own row when there is one, else the whole country's; undefined when none is kept. */
export async function findRateForPlace(db: DbOrTx, country: string, region: string | null): Promise<TaxRateRow | undefined> {
  const rows = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.country, country), sql`${taxRates.region} in ('', ${region ?? ''})`))
    .orderBy(sql`${taxRates.region} = '' asc`)
    .limit(1);
  return rows[0];
}

export async function findTaxRate(db: DbOrTx, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
  return row;
}

/** Inserts a rate; undefined when the place already has one (the unique index decides, not a read before). */
export async function insertTaxRate(
  db: DbOrTx,
  values: TaxRatePlace & { rateBps: number; label: string },
): Promise<TaxRateRow | undefined> {
  const [row] = await db.insert(taxRates).values(values).onConflictDoNothing().returning();
  return row;
}

/** Changes a rate in place; a move onto a place that has a rate fails with the unique violation (the caller answers 422). */
export async function updateTaxRate(
  db: DbOrTx,
  id: string,
  values: TaxRatePlace & { rateBps: number; label: string },
): Promise<TaxRateRow | undefined> {
  const [row] = await db.update(taxRates).set(values).where(eq(taxRates.id, id)).returning();
  return row;
}

export async function deleteTaxRate(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
  return rows.length > 0;
}

export interface CountrySales {
  country: string | null;
  orders: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
  flagged: number;
}

/** Orders paid in [start, end), by billing country: counted once each, refunded later or not. */
export async function salesByCountry(db: DbOrTx, start: Date, end: Date): Promise<CountrySales[]> {
  return db
    .select({
      country: orders.taxCountry,
      orders: sql<number>`count(*)::int`,
      netCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.taxCents}), 0)::bigint`.mapWith(Number),
      taxCents: sql<number>`coalesce(sum(${orders.taxCents}), 0)::bigint`.mapWith(Number),
      grossCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.mapWith(Number),
      flagged: sql<number>`(count(*) filter (where ${orders.taxFlag} is not null))::int`,
    })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .groupBy(orders.taxCountry);
}

export interface CountryRefunds {
  country: string | null;
  refunds: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

/**
 * Refunds of paid orders given in [start, end), by the order's billing country. The tax given back
 * is the order's tax in proportion to the amount refunded (today always all of it).
 */
export async function refundsByCountry(db: DbOrTx, start: Date, end: Date): Promise<CountryRefunds[]> {
  const taxBack = sql`round(${orders.taxCents}::numeric * ${paymentRefunds.amountCents} / nullif(${orders.totalCents}, 0))`;
  return db
    .select({
      country: orders.taxCountry,
      refunds: sql<number>`count(*)::int`,
      netCents: sql<number>`coalesce(sum(${paymentRefunds.amountCents} - ${taxBack}), 0)::bigint`.mapWith(Number),
      taxCents: sql<number>`coalesce(sum(${taxBack}), 0)::bigint`.mapWith(Number),
      grossCents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(
      and(eq(paymentRefunds.reason, 'refund_request'), gte(paymentRefunds.createdAt, start), lt(paymentRefunds.createdAt, end)),
    )
    .groupBy(orders.taxCountry);
}

/** Orders paid in [start, end) that the admin should look at (card country differs, no billing country). */
export async function flaggedOrders(db: DbOrTx, start: Date, end: Date) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      taxCountry: orders.taxCountry,
      cardCountry: orders.cardCountry,
      taxFlag: orders.taxFlag,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(and(isNotNull(orders.taxFlag), isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .orderBy(asc(orders.paidAt))
    .limit(1000);
}
