import { blankToUndefined, pagingQueryFields, STANDARD_PAGING } from '@app/shared';
import { z } from 'zod';

export { licenseActivationSchema, licenseKeyCheckSchema } from '@app/shared';

/** The buyer's keys, optionally of one order. */
export const ownLicensesQuery = z.object({
  ...pagingQueryFields(STANDARD_PAGING),
  order_id: z.preprocess(blankToUndefined, z.uuid({ error: 'Order not found' }).optional()),
});

/** The seller's sold keys, optionally of one product. */
export const sellerLicensesQuery = z.object({
  ...pagingQueryFields(STANDARD_PAGING),
  product_id: z.preprocess(blankToUndefined, z.uuid({ error: 'Product not found' }).optional()),
});
