import { z } from 'zod';
import { isoDateSchema } from './api';
import { pagedListSchema } from './paging';

/**
 * Licence keys (apps/api/src/modules/licenses): a seller switches them on per product; every paid
 * order line of such a product gets a key its buyer's copy of the seller's software can verify and
 * activate through the public `/licenses/*` routes.
 */

export const LICENSE_ACTIVATION_LIMIT_MAX = 1_000_000;
const ACTIVATION_LIMIT_MESSAGE = 'Activation limit must be a whole number from 1 to 1,000,000, or empty for unlimited';

/** The seller's setting of one product. `activation_limit` null: unlimited. */
export const licenseSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  activation_limit: z
    .number({ error: ACTIVATION_LIMIT_MESSAGE })
    .int(ACTIVATION_LIMIT_MESSAGE)
    .min(1, ACTIVATION_LIMIT_MESSAGE)
    .max(LICENSE_ACTIVATION_LIMIT_MAX, ACTIVATION_LIMIT_MESSAGE)
    .nullable(),
});
export type LicenseSettingsInput = z.input<typeof licenseSettingsSchema>;

export const licenseSettingsAnswerSchema = licenseSettingsSchema.extend({ product_id: z.string() });
export type LicenseSettings = z.output<typeof licenseSettingsAnswerSchema>;

/** What the seller's software sends: the product it is and the key its user typed. */
export const licenseKeyCheckSchema = z.object({
  product_id: z.string({ error: 'Enter the product id' }).trim().min(1, 'Enter the product id').max(100, 'Enter the product id'),
  key: z.string({ error: 'Enter a licence key' }).trim().min(1, 'Enter a licence key').max(100, 'Enter a licence key'),
});
export type LicenseKeyCheck = z.input<typeof licenseKeyCheckSchema>;

const INSTANCE_MESSAGE = 'Instance must be 1 to 200 characters (e.g. the computer’s name)';
export const licenseActivationSchema = licenseKeyCheckSchema.extend({
  instance: z.string({ error: INSTANCE_MESSAGE }).trim().min(1, INSTANCE_MESSAGE).max(200, INSTANCE_MESSAGE),
});
export type LicenseActivationInput = z.input<typeof licenseActivationSchema>;

/** active: usable; disabled: switched off by the seller; refunded: its order was refunded. */
export const LICENSE_STATES = ['active', 'disabled', 'refunded'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];

const activationsSchema = z.object({
  used: z.number().int(),
  /** null: unlimited. */
  limit: z.number().int().nullable(),
});

/** The public answer about a key that exists for the product named. */
export const licenseVerificationSchema = z.object({
  valid: z.boolean(),
  status: z.enum(LICENSE_STATES),
  refunded: z.boolean(),
  disabled: z.boolean(),
  product: z.object({ id: z.string(), title: z.string() }),
  purchased_at: isoDateSchema,
  activations: activationsSchema,
});
export type LicenseVerification = z.output<typeof licenseVerificationSchema>;

export const licenseActivationAnswerSchema = licenseVerificationSchema.extend({
  instance: z.string(),
  /** activate: true when this call added the instance (false: it was already active). deactivate: true when it removed it. */
  changed: z.boolean(),
});
export type LicenseActivationAnswer = z.output<typeof licenseActivationAnswerSchema>;

export const licenseInstanceSchema = z.object({ instance: z.string(), activated_at: isoDateSchema });

/** A key as its buyer sees it (`/orders`, the success page). */
export const ownedLicenseSchema = z.object({
  id: z.string(),
  key: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  purchased_at: isoDateSchema,
  status: z.enum(LICENSE_STATES),
  activations: activationsSchema,
  instances: z.array(licenseInstanceSchema),
});
export type OwnedLicense = z.output<typeof ownedLicenseSchema>;
export const ownedLicenseListSchema = pagedListSchema('licenses', ownedLicenseSchema);

/** A key of one of the seller's products, as the seller sees it beside the sale. */
export const sellerLicenseSchema = ownedLicenseSchema.extend({
  buyer_name: z.string(),
  buyer_email: z.string(),
});
export type SellerLicense = z.output<typeof sellerLicenseSchema>;
export const sellerLicenseListSchema = pagedListSchema('licenses', sellerLicenseSchema);
