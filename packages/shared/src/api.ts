import { z } from 'zod';

/** Pieces every response schema shares (DESIGN.md API contract). */

/** Money as dollars with cents (the API stores integer cents and answers dollars). */
export const moneySchema = z.number();
/** A timestamp as ISO 8601 text. */
export const isoDateSchema = z.string();
/** `{ message }`, the answer of actions with nothing else to tell. */
export const messageSchema = z.object({ message: z.string() });

/** The stable id of a catalogued message (packages/shared/src/messages), sent beside its English text. */
const messageIdField = z
  .string()
  .optional()
  .describe('Stable id of the message in the message catalogue, when the text is one of its messages; translate by it');

/** Error body of every failed API call; the global error handler writes it. */
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  messageId: messageIdField,
  errors: z.array(z.object({ field: z.string(), message: z.string(), messageId: messageIdField })).optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** No body (204). */
export const noContentSchema = z.null().describe('No content');

export const healthSchema = z.object({ status: z.literal('ok'), database: z.string(), embedded: z.boolean() });
/** The process is up (liveness): nothing else is checked. */
export const liveSchema = z.object({ status: z.literal('ok') });
/** This instance takes traffic (readiness): started, not draining, and its database (and file storage, when it can be checked) answer. */
export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  storage: z.enum(['ok', 'not checked']),
});

/** A file answer (zip, image, download): documented by its content types; streamed, never JSON. */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  // Any: the handler sends a stream, which Fastify pipes past the serializer.
  const schema = z.any().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}
