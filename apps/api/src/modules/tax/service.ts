import {
  percentToBps,
  TAX_RATE_EXISTS,
  TAX_RATE_NOT_FOUND,
  type TaxQuote,
  type TaxRateView,
  type TaxReport,
  type TaxReportRow,
  taxCentsOf,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import {
  deleteTaxRate,
  findRateForPlace,
  flaggedOrders,
  insertTaxRate,
  listTaxRates,
  refundsByCountry,
  salesByCountry,
  type TaxRateRow,
  updateTaxRate,
} from './repository';

/** Where the buyer is billed, as checked by the shared schema (upper-case ISO codes). */
export interface BillingPlace {
  country: string;
  region?: string | undefined;
}

/** The tax an order charges: the place, the rate and label as they are now, and the amount on the net. */
export interface OrderTaxFigures {
  taxCountry: string | null;
  taxRegion: string | null;
  taxLabel: string | null;
  taxRateBps: number;
  taxCents: number;
}

const NO_TAX: OrderTaxFigures = { taxCountry: null, taxRegion: null, taxLabel: null, taxRateBps: 0, taxCents: 0 };

/**
 * The tax on an order's net for a billing place, from the admin's table as it is now: the region's
 * rate when one is kept, else the country's, else none (0). No place: no tax (decision 0044).
 */
export async function taxForOrder(db: DbOrTx, place: BillingPlace | undefined, netCents: number): Promise<OrderTaxFigures> {
  if (!place) return NO_TAX;
  const region = place.country === 'US' ? (place.region ?? null) : null;
  const rate = await findRateForPlace(db, place.country, region);
  const rateBps = rate?.rateBps ?? 0;
  return {
    taxCountry: place.country,
    taxRegion: rate?.region ? rate.region : null,
    taxLabel: rate?.label ?? null,
    taxRateBps: rateBps,
    taxCents: taxCentsOf(netCents, rateBps),
  };
}

/** The rate a checkout for this place would charge now (the storefront shows net, tax and gross before paying). */
export async function quoteTaxRate(deps: AppDeps, place: BillingPlace): Promise<TaxQuote> {
  const region = place.country === 'US' ? (place.region ?? null) : null;
  const rate = await findRateForPlace(deps.db, place.country, region);
  return {
    country: place.country,
    region: rate?.region ? rate.region : null,
    rate: (rate?.rateBps ?? 0) / 100,
    rate_bps: rate?.rateBps ?? 0,
    label: rate?.label ?? null,
  };
}

function presentRate(row: TaxRateRow): TaxRateView {
  return {
    id: row.id,
    country: row.country,
    region: row.region === '' ? null : row.region,
    rate: row.rateBps / 100,
    rate_bps: row.rateBps,
    label: row.label,
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface TaxRateFields {
  country: string;
  region?: string | undefined;
  rate: number;
  label: string;
}

const placeTaken = () => new AppError('VALIDATION_FAILED', TAX_RATE_EXISTS, [{ field: 'country', message: TAX_RATE_EXISTS }]);

const rowValues = (fields: TaxRateFields) => ({
  country: fields.country,
  region: fields.region ?? '',
  rateBps: percentToBps(fields.rate),
  label: fields.label,
});

/** The admin's table of rates. */
export async function listRates(deps: AppDeps): Promise<{ rates: TaxRateView[] }> {
  return { rates: (await listTaxRates(deps.db)).map(presentRate) };
}

/** Adds a rate for a place that has none. A checkout placed before keeps the rate it charged. */
export async function createRate(deps: AppDeps, fields: TaxRateFields): Promise<TaxRateView> {
  const row = await insertTaxRate(deps.db, rowValues(fields));
  if (!row) throw placeTaken();
  return presentRate(row);
}

/** Changes a rate (or its place); orders already placed keep what they charged. */
export async function changeRate(deps: AppDeps, id: string, fields: TaxRateFields): Promise<TaxRateView> {
  const row = await updateTaxRate(deps.db, id, rowValues(fields)).catch((error: unknown) => {
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505') throw placeTaken();
    if ((error as { code?: string }).code === '23505') throw placeTaken();
    throw error;
  });
  if (!row) throw new AppError('NOT_FOUND', TAX_RATE_NOT_FOUND);
  return presentRate(row);
}

/** Removes a rate: the place pays no tax from the next checkout on. */
export async function removeRate(deps: AppDeps, id: string): Promise<{ message: string }> {
  if (!(await deleteTaxRate(deps.db, id))) throw new AppError('NOT_FOUND', TAX_RATE_NOT_FOUND);
  return { message: 'Tax rate deleted' };
}

/** The first instant of a YYYY-MM month and of the next one, in UTC. */
function monthRange(month: string): { start: Date; end: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, mon - 1, 1)), end: new Date(Date.UTC(year, mon, 1)) };
}

/**
 * The admin's tax report for a month: per billing country, the orders paid in the month (net, tax,
 * gross), the refunds given in the month, and what remains owed; plus the orders to look at.
 */
export async function taxReport(deps: AppDeps, month: string): Promise<TaxReport> {
  const { start, end } = monthRange(month);
  const [sales, refunds, flagged] = await Promise.all([
    salesByCountry(deps.db, start, end),
    refundsByCountry(deps.db, start, end),
    flaggedOrders(deps.db, start, end),
  ]);
  const countries = new Map<string | null, TaxReportRow>();
  const row = (country: string | null): TaxReportRow => {
    let found = countries.get(country);
    if (!found) {
      found = {
        country,
        orders: 0,
        net: 0,
        tax: 0,
        gross: 0,
        refunds: 0,
        refunded_net: 0,
        refunded_tax: 0,
        refunded_gross: 0,
        net_after_refunds: 0,
        tax_after_refunds: 0,
        gross_after_refunds: 0,
        flagged: 0,
      };
      countries.set(country, found);
    }
    return found;
  };
  const cents = new Map<TaxReportRow, { net: number; tax: number; gross: number; rNet: number; rTax: number; rGross: number }>();
  const sums = (r: TaxReportRow) => {
    let found = cents.get(r);
    if (!found) {
      found = { net: 0, tax: 0, gross: 0, rNet: 0, rTax: 0, rGross: 0 };
      cents.set(r, found);
    }
    return found;
  };
  for (const sale of sales) {
    const r = row(sale.country);
    r.orders = sale.orders;
    r.flagged = sale.flagged;
    Object.assign(sums(r), { net: sale.netCents, tax: sale.taxCents, gross: sale.grossCents });
  }
  for (const refund of refunds) {
    const r = row(refund.country);
    r.refunds = refund.refunds;
    Object.assign(sums(r), { rNet: refund.netCents, rTax: refund.taxCents, rGross: refund.grossCents });
  }
  for (const [r, s] of cents) {
    Object.assign(r, {
      net: centsToDollars(s.net),
      tax: centsToDollars(s.tax),
      gross: centsToDollars(s.gross),
      refunded_net: centsToDollars(s.rNet),
      refunded_tax: centsToDollars(s.rTax),
      refunded_gross: centsToDollars(s.rGross),
      net_after_refunds: centsToDollars(s.net - s.rNet),
      tax_after_refunds: centsToDollars(s.tax - s.rTax),
      gross_after_refunds: centsToDollars(s.gross - s.rGross),
    });
  }
  // Countries A–Z, orders without a billing country last.
  const rows = [...countries.values()].sort((a, b) =>
    a.country === b.country ? 0 : a.country === null ? 1 : b.country === null ? -1 : a.country.localeCompare(b.country),
  );
  return {
    month,
    rows,
    flagged_orders: flagged.map((order) => ({
      order_number: order.orderNumber,
      billing_country: order.taxCountry,
      card_country: order.cardCountry,
      flag: order.taxFlag ?? '',
      gross: centsToDollars(order.totalCents),
    })),
  };
}

const CSV_COLUMNS: (keyof TaxReportRow)[] = [
  'country',
  'orders',
  'net',
  'tax',
  'gross',
  'refunds',
  'refunded_net',
  'refunded_tax',
  'refunded_gross',
  'net_after_refunds',
  'tax_after_refunds',
  'gross_after_refunds',
  'flagged',
];

/** The report as CSV: one line per country, amounts in dollars with two decimals, a month column first. */
export function taxReportCsv(report: TaxReport): string {
  const cell = (value: string | number | null, column: keyof TaxReportRow) =>
    value === null
      ? ''
      : typeof value === 'number' && column !== 'orders' && column !== 'refunds' && column !== 'flagged'
        ? value.toFixed(2)
        : String(value);
  const lines = [
    ['month', ...CSV_COLUMNS].join(','),
    ...report.rows.map((r) => [report.month, ...CSV_COLUMNS.map((column) => cell(r[column], column))].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * What an order just paid keeps of the card's country (written with the payment): the country,
 * and a flag when it is not the order's billing country. The charge stands; the admin's tax
 * report lists the flagged orders.
 */
export function cardCountryFields(
  order: { taxCountry: string | null },
  cardCountry: string,
): { cardCountry: string; taxFlag?: 'card_country_mismatch' } {
  const country = cardCountry.trim().toUpperCase().slice(0, 2);
  const mismatch = order.taxCountry !== null && order.taxCountry !== country;
  return { cardCountry: country, ...(mismatch && { taxFlag: 'card_country_mismatch' as const }) };
}
