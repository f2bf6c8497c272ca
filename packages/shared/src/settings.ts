import { z } from 'zod';
import { emailField } from './auth';

/** Site settings (admin /admin/settings, public /settings/public): one schema for the form and the API. */

function optionalUrl(message: string) {
  return z
    .string()
    .trim()
    .max(300, message)
    .refine((value) => value === '' || isWebUrl(value), message);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export { SOCIAL_NETWORKS, type SocialNetwork } from './lean';

export const siteSettingsSchema = z.object({
  site_name: z.string().trim().min(2, 'Site name must be at least 2 characters').max(80, 'Site name is too long'),
  admin_email: emailField('Please enter a valid email address'),
  maintenance_mode: z.boolean(),
  maintenance_message: z
    .string()
    .trim()
    .min(5, 'Maintenance message must be at least 5 characters')
    .max(500, 'Maintenance message is too long'),
  /** Shown in the footer and on /contact; empty hides it. */
  contact_email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Please enter a valid email address'),
  contact_phone: z
    .string()
    .trim()
    .max(40, 'Phone number is too long')
    .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{5,}$/.test(value), 'Please enter a valid phone number'),
  contact_address: z.string().trim().max(300, 'Address is too long'),
  social_x: optionalUrl('Please enter a valid https:// link'),
  social_linkedin: optionalUrl('Please enter a valid https:// link'),
  social_github: optionalUrl('Please enter a valid https:// link'),
  social_youtube: optionalUrl('Please enter a valid https:// link'),
  /** A platform code and sellers' codes on one order (docs/decisions/0045); off: one code per order. */
  allow_promo_stacking: z.boolean({ error: 'Allow promo stacking must be true or false' }).optional(),
});
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** PUT /admin/settings: any subset of the fields. */
export const siteSettingsUpdateSchema = siteSettingsSchema.partial();

/**
 * GET /settings/public, what every visitor may read. An answer, not a form: plain types, so settings
 * stored before a rule tightened are still shown (and corrected by the admin) rather than refused.
 * The admin's own address is not here: the storefront shows `contact_email` (or the contact form).
 */
export const publicSettingsSchema = z.object({
  site_name: z.string(),
  maintenance_mode: z.boolean(),
  maintenance_message: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_address: z.string(),
  social_x: z.string(),
  social_linkedin: z.string(),
  social_github: z.string(),
  social_youtube: z.string(),
  /** The marketplace's cut of each order (server configuration), for the seller terms. */
  platform_fee_percent: z.number(),
  /** The share of each order that goes to the AI token pool. */
  ai_pool_percent: z.number(),
  /** Whether a platform code and sellers' codes stack on one order (docs/decisions/0045). */
  allow_promo_stacking: z.boolean().optional(),
});
export type PublicSettings = z.output<typeof publicSettingsSchema>;

/** GET and PUT /admin/settings: the public settings plus the admin address (lead and contact e-mails go there). */
export const adminSettingsSchema = publicSettingsSchema.extend({ admin_email: z.string() });
export type AdminSettings = z.output<typeof adminSettingsSchema>;
