import { blankToUndefined } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';

/** Input checks every module shares: ids, dates and text PostgreSQL can actually store. */

const uuid = z.uuid();

/** A real UUID (what our ids are); anything else can never name a row and PostgreSQL would refuse it. */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

/** `{ id }` path params; the error handler answers a malformed id with 404 and this message. */
export function idParams(notFound: string) {
  return z.object({ id: z.uuid({ error: notFound }) });
}

const EARLIEST = new Date('0001-01-01T00:00:00Z');
const LATEST = new Date('9999-12-31T23:59:59.999Z');

/** An optional date in a query string, limited to years 1–9999 (what a PostgreSQL timestamp and ISO text both hold). */
export function dateQuery(field: string) {
  const message = `${field} must be a date between 0001-01-01 and 9999-12-31`;
  return z.preprocess(blankToUndefined, z.coerce.date({ error: message }).min(EARLIEST, message).max(LATEST, message).optional());
}

/** The path of the first string (or object key) holding a NUL character, or null. Iterative: bodies may nest deeply. */
export function findNulByte(value: unknown, path = ''): string | null {
  return holdsNulByte(value) ? pathOfNulByte(value, path) : null;
}

/** Whether any string or key inside holds NUL: the usual answer (no) found without a path string per field. */
function holdsNulByte(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const key of Object.keys(item)) {
        if (key.includes('\u0000')) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

function pathOfNulByte(value: unknown, path: string): string | null {
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at || 'body';
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        const inside = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return inside;
        pending.push([inner, inside]);
      }
    }
  }
  return null;
}

export const NUL_BYTE_MESSAGE = 'Text must not contain NUL characters';

/** preValidation hook, after the route's guard: PostgreSQL cannot store NUL in text, so refuse it anywhere in the input up front. */
export async function rejectNulBytes(request: FastifyRequest): Promise<void> {
  const field = findNulByte(request.params, 'params') ?? findNulByte(request.query, 'query') ?? findNulByte(request.body);
  if (field) throw new AppError('VALIDATION_FAILED', NUL_BYTE_MESSAGE, [{ field, message: NUL_BYTE_MESSAGE }]);
}

export const NOTHING_TO_UPDATE = 'Nothing to update: send at least one field to change';

/** An update body must change something; `{}` gets a clear 422 instead of an empty UPDATE. */
export function nonEmptyUpdate<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  return schema.refine((value) => Object.values(value).some((field) => field !== undefined), NOTHING_TO_UPDATE);
}

/**
 * Busboy reports a truncated or garbled multipart body with a bare Error (no code, status or
 * syscall); ours, Fastify's and the file system's all carry one. Those bare ones become a 400.
 */
export function asMultipartError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof AppError) return error;
  const { code, statusCode, syscall } = error as { code?: unknown; statusCode?: unknown; syscall?: unknown };
  if (code !== undefined || statusCode !== undefined || syscall !== undefined) return error;
  return new AppError('BAD_REQUEST', 'The upload is malformed or incomplete. Please try again.');
}
