import { z } from 'zod';
import { isoDateSchema } from './api';
import { emailField } from './auth';
import { pagedListSchema } from './paging';

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

/** PUT /admin/contact-messages/{id}. */
export const contactMessageUpdateSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });

/** One message of the admin inbox. */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  user_id: z.string().nullable(),
  handled: z.boolean(),
  handled_at: isoDateSchema.nullable(),
  handled_by: z.string().nullable(),
  created_at: isoDateSchema,
});
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactMessageListSchema = pagedListSchema('messages', contactMessageSchema).extend({
  /** Messages not yet marked handled, over the whole inbox. */
  open: z.number(),
});
export type ContactMessageList = z.output<typeof contactMessageListSchema>;

/** 201 of POST /contact. */
export const contactReceiptSchema = z.object({ detail: z.string(), id: z.string(), created_at: isoDateSchema });
export type ContactReceipt = z.output<typeof contactReceiptSchema>;
