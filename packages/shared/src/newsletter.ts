import { z } from 'zod';
import { emailField } from './auth';
import { pagedListSchema } from './paging';

/** Newsletter subscription with double opt-in (spec §5 Newsletter footer form for the messages). */

export const newsletterSubscribeSchema = z.object({ email: emailField('Please enter your email address') });
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeSchema>;

export const newsletterTokenSchema = z.object({
  token: z.string({ error: 'This link is invalid or has expired' }).min(1, 'This link is invalid or has expired').max(500),
});

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const newsletterSubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  registered: z.boolean(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type NewsletterSubscriber = z.output<typeof newsletterSubscriberSchema>;

export const newsletterSubscriberListSchema = pagedListSchema('subscribers', newsletterSubscriberSchema);
export type NewsletterSubscriberList = z.output<typeof newsletterSubscriberListSchema>;

/** What subscribe, confirm and unsubscribe answer. */
export const newsletterStateSchema = z.object({
  status: z.enum(NEWSLETTER_STATUSES),
  detail: z.string().optional(),
  email: z.string().optional(),
});
export type NewsletterState = z.output<typeof newsletterStateSchema>;
