import { z } from 'zod';
import { emailField } from './auth';

/** Newsletter subscription with double opt-in (spec §5 Newsletter footer form for the messages). */

export const newsletterSubscribeSchema = z.object({ email: emailField('Please enter your email address') });
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeSchema>;

export const newsletterTokenSchema = z.object({
  token: z.string({ error: 'This link is invalid or has expired' }).min(1, 'This link is invalid or has expired').max(500),
});

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export interface NewsletterSubscriber {
  id: string;
  email: string;
  status: NewsletterStatus;
  registered: boolean;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}
