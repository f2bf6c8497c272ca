import { blankToUndefined } from '@app/shared';
import { z } from 'zod';

/** What other modules use of the AI pool: the exchange rate lookup and its query, served by both the pool and the payment reports routes. */
export { exchangeRate } from './transfers';

const currencyCode = (field: string, fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z]{3,5}$/, `${field} must be a currency code like USD or USDC`)
      .transform((code) => code.toUpperCase())
      .default(fallback),
  );

export const exchangeRateQuery = z.object({
  from_currency: currencyCode('from_currency', 'USD'),
  to_currency: currencyCode('to_currency', 'USDC'),
});
