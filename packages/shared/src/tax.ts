import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';

/**
 * Tax (issue 25, docs/decisions/0044). Prices are net. The buyer's billing country (and, for the
 * United States, the state) picks a rate from the table the admin keeps; the server computes
 * tax = round(net × rate) on the order's net after discounts, and the order keeps what it charged.
 */

/** ISO 3166-1 alpha-2: every officially assigned code. */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The United States' states and DC (ISO 3166-2:US without the prefix): the only regions a rate may name. */
export const US_STATE_CODES: readonly string[] = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR ' +
  'PA RI SC SD TN TX UT VT VA WA WV WI WY'
).split(' ');

const COUNTRIES = new Set(ISO_COUNTRY_CODES);
const STATES = new Set(US_STATE_CODES);

export const TAX_COUNTRY_UNKNOWN = 'Choose a billing country from the list';
/** A checkout with something to pay and no billing country: the rate can not be picked, so it is refused (422). */
export const TAX_COUNTRY_REQUIRED = 'Choose your billing country';
export const TAX_REGION_UNKNOWN = 'Choose a US state from the list';
export const TAX_REGION_ONLY_US = 'A region can only be given for the United States';
export const TAX_RATE_NUMBER = 'The rate must be a number';
export const TAX_RATE_RANGE = 'The rate must be between 0% and 50%';
export const TAX_RATE_DECIMALS = 'The rate may have at most two decimals';
export const TAX_LABEL_LENGTH = 'The label must be 1 to 40 characters';
export const TAX_RATE_EXISTS = 'There is already a rate for this country and region';
export const TAX_RATE_NOT_FOUND = 'Tax rate not found';
export const TAX_BILLING_CHANGED =
  'This order was placed for another billing country. Check out again to be billed in the new one.';
export const TAX_MONTH_FORMAT = 'Month must be a month such as 2026-01';

/** Trims and upper-cases a code the buyer or the admin typed ("de " is DE); anything else is left for the check to refuse. */
const upperCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** An ISO 3166-1 alpha-2 country code, any case (stored upper-case). */
export const countryCodeSchema = z.preprocess(
  upperCode,
  z.string({ error: TAX_COUNTRY_UNKNOWN }).refine((code) => COUNTRIES.has(code), TAX_COUNTRY_UNKNOWN),
);

/** A US state code, any case; blank means none. */
export const usStateSchema = z.preprocess(
  (value) => {
    const code = upperCode(value);
    return code === '' || code === null ? undefined : code;
  },
  z
    .string({ error: TAX_REGION_UNKNOWN })
    .refine((code) => STATES.has(code), TAX_REGION_UNKNOWN)
    .optional(),
);

/**
 * The billing place of a checkout body (orders and guest). Whether a country is needed depends on the
 * total after discounts, which only the server knows: it refuses a paid order without one (decision 0044).
 */
export const billingCountryField = countryCodeSchema
  .optional()
  .describe(
    'Where the buyer is billed (ISO 3166-1 alpha-2, any case); picks the tax rate. Required when the order costs anything ' +
      'after discounts (else 422 on `billing_country`); a free order may leave it out.',
  );
export const billingRegionField = usStateSchema.describe('The US state, for a United States billing country only; blank is none');

/** POST /orders/checkout body: where the buyer is billed. The server alone looks up the rate and computes the tax. */
export const checkoutBodySchema = z
  .object({
    billing_country: billingCountryField,
    billing_region: billingRegionField,
  })
  .refine((body) => !body.billing_region || body.billing_country === 'US', {
    message: TAX_REGION_ONLY_US,
    path: ['billing_region'],
  });
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

/**
 * POST /payments/create-payment-intent body (the spec's client): the order to pay, else the cart is
 * checked out with this billing place. Whatever else the client sends (amounts) is ignored.
 */
export const paymentIntentBodySchema = z
  .looseObject({
    order_id: z.unknown().optional().describe('An order of the buyer to pay; without it the cart is checked out'),
    billing_country: billingCountryField,
    billing_region: billingRegionField,
  })
  .refine((body) => !body.billing_region || body.billing_country === 'US', {
    message: TAX_REGION_ONLY_US,
    path: ['billing_region'],
  });

/** Tax on a net amount at a rate in basis points, rounded to the cent (half up). */
export function taxCentsOf(netCents: number, rateBps: number): number {
  return Math.round((netCents * rateBps) / 10_000);
}

/** A rate in percent as the admin types it (19, 25.5) to basis points; the schema has checked it. */
export const percentToBps = (percent: number) => Math.round(percent * 100);

/** A tax rate as the API shows it. `rate` is in percent; region null is the whole country. */
export const taxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  rate: z.number(),
  rate_bps: z.number(),
  label: z.string(),
  updated_at: isoDateSchema,
});
export type TaxRateView = z.output<typeof taxRateSchema>;
export const taxRateListSchema = z.object({ rates: z.array(taxRateSchema) });

const ratePercentSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({ error: TAX_RATE_NUMBER })
    .refine((value) => Number.isFinite(value), TAX_RATE_NUMBER)
    .refine((value) => value >= 0 && value <= 50, TAX_RATE_RANGE)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, TAX_RATE_DECIMALS),
);

const labelSchema = z
  .string({ error: TAX_LABEL_LENGTH })
  .trim()
  .min(1, TAX_LABEL_LENGTH)
  .max(40, TAX_LABEL_LENGTH)
  .refine((label) => !/[\p{Cc}<>]/u.test(label), TAX_LABEL_LENGTH);

/** POST /admin/tax-rates (and PUT with the same fields): a rate in percent, up to two decimals. */
export const taxRateInputSchema = z
  .object({
    country: countryCodeSchema,
    region: usStateSchema,
    rate: ratePercentSchema,
    label: labelSchema,
  })
  .refine((body) => !body.region || body.country === 'US', { message: TAX_REGION_ONLY_US, path: ['region'] });
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

/** GET /tax/rate?country=DE&region=: the rate a checkout would charge there now (0 where none is kept). */
export const taxQuoteQuerySchema = z.object({ country: countryCodeSchema, region: usStateSchema });
export const taxQuoteSchema = z.object({
  country: z.string(),
  region: z.string().nullable(),
  rate: z.number(),
  rate_bps: z.number(),
  label: z.string().nullable(),
});
export type TaxQuote = z.output<typeof taxQuoteSchema>;

/** GET /admin/tax-report?month=YYYY-MM: one row per billing country; refunds given in the month are netted out. */
export const taxReportQuerySchema = z.object({
  month: z.string({ error: TAX_MONTH_FORMAT }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, TAX_MONTH_FORMAT),
  format: z.enum(['json', 'csv']).default('json'),
});

export const taxReportRowSchema = z.object({
  /** Billing country; null for orders placed without one (or before tax). */
  country: z.string().nullable(),
  orders: z.number(),
  net: moneySchema,
  tax: moneySchema,
  gross: moneySchema,
  refunds: z.number(),
  refunded_net: moneySchema,
  refunded_tax: moneySchema,
  refunded_gross: moneySchema,
  /** What is owed for the month: sales less refunds. */
  net_after_refunds: moneySchema,
  tax_after_refunds: moneySchema,
  gross_after_refunds: moneySchema,
  /** Orders of the month whose card country differed from the billing country, or had none. */
  flagged: z.number(),
});
export type TaxReportRow = z.output<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  month: z.string(),
  rows: z.array(taxReportRowSchema),
  flagged_orders: z.array(
    z.object({
      order_number: z.string(),
      billing_country: z.string().nullable(),
      card_country: z.string().nullable(),
      flag: z.string(),
      gross: moneySchema,
    }),
  ),
});
export type TaxReport = z.output<typeof taxReportSchema>;
