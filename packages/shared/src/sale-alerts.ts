import { z } from 'zod';

/**
 * "You made a sale" (issue 25): a seller's choice about the e-mail sent for every sale and refund
 * of their products. The in-app notification is always written (it is the seller's record of the
 * sale); only the e-mail can be turned off.
 */
export const saleAlertSettingsSchema = z.object({
  /** Whether sale and refund alerts are also e-mailed (default on). */
  emails: z.boolean(),
});
export type SaleAlertSettings = z.output<typeof saleAlertSettingsSchema>;

export const saleAlertSettingsUpdateSchema = z.strictObject({
  emails: z.boolean({ error: 'emails must be true or false' }),
});
