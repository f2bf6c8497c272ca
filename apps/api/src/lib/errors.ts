import { type MessageId, messageIdOf } from '@app/shared';

/** The one error type services throw; the error handler in app.ts maps `code` to a status and body (`errorAnswer`). */

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** A second factor is needed (the client shows the code field). */
  TOTP_REQUIRED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The order is cancelled, expired, refunded or its products changed: check out again. */
  ORDER_NOT_PAYABLE: 409,
  /** The buyer already owns the product: adding it again needs their explicit "buy again". */
  ALREADY_OWNED: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The payment provider failed or could not be reached; nothing was changed on our side. */
  PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The body of every failed answer: `{ detail, code, messageId?, errors?: [{ field, message, messageId? }] }`.
 * `detail` and `message` stay the English texts; `messageId` is their stable id in the shared
 * message catalogue (packages/shared/src/messages) when the text is one of its messages, so a
 * client translates by id, not by wording. Texts built from run-time values have no id.
 */
export interface ErrorAnswer {
  detail: string;
  code: string;
  messageId?: MessageId;
  errors?: (FieldError & { messageId?: MessageId })[];
}

export function errorAnswer(detail: string, code: string, errors?: readonly FieldError[]): ErrorAnswer {
  const messageId = messageIdOf(detail);
  return {
    detail,
    code,
    ...(messageId && { messageId }),
    ...(errors && {
      errors: errors.map(({ field, message }) => {
        const id = messageIdOf(message);
        return { field, message, ...(id && { messageId: id }) };
      }),
    }),
  };
}

export class AppError extends Error {
  /** Seconds until trying again can succeed; sent as Retry-After. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 422 for one field, worded like the spec's validation messages. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}
