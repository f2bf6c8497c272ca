import { z } from 'zod';
import { emailField } from './auth';

/** The contact form (spec §2 /contact): one schema for the form and POST /contact. */

export const CONTACT_MESSAGE_MAX = 5000;
/** Messages one address may send per hour before the form answers 429. */
export const CONTACT_PER_HOUR = 5;

function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

export const contactRequestSchema = z.object({
  name: requiredText('Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: emailField(),
  subject: requiredText('Subject is required')
    .min(3, 'Subject must be at least 3 characters')
    .max(150, 'Subject must be at most 150 characters'),
  message: requiredText('Message is required')
    .min(10, 'Message must be at least 10 characters')
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** PATCH /admin/contact-messages/{id}. */
export const contactMessageUpdateSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  handled: boolean;
  handled_at: string | null;
  handled_by: string | null;
  created_at: string;
}

export interface ContactMessageList {
  messages: ContactMessage[];
  total: number;
  page: number;
  pages: number;
  /** Messages not yet marked handled, over the whole inbox. */
  open: number;
}
