import type { AuthResponse } from '@app/shared';
import { authStore } from './auth-store';
import { activeLanguage, i18n, translateServerError } from './i18n';
import { takeInitialAnswer } from './initial-answers';

/** Every call goes through here: one place for the base URL, the bearer token, error text and 401 handling. */
export const API_BASE = '/api/v1';

export interface FieldError {
  field: string;
  message: string;
  /** The message's id in the shared catalogue, when the server sent one. */
  messageId?: string;
}

/** A failed call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | null;
  /** The catalogue id of the server's `detail` (`messageId`), which the storefront translates by. */
  readonly messageId: string | null;
  /** Per-field messages from a 422 (`errors[]`), for forms to show beside their inputs. */
  readonly fieldErrors: FieldError[];
  readonly body: unknown;

  constructor(message: string, status: number, code: string | null = null, fieldErrors: FieldError[] = [], body: unknown = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.messageId = isRecord(body) && typeof body.messageId === 'string' ? body.messageId : null;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads); the browser sets the boundary header. */
  formData?: FormData;
  /** Extra request headers (for example `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let unauthenticatedHandler: (() => void) | null = null;

/** What to do when the session is gone for good (the app sends the user to /login). */
export function setUnauthenticatedHandler(handler: (() => void) | null): void {
  unauthenticatedHandler = handler;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (isRecord(value)) return textOf(value.msg ?? value.message);
  return null;
}

/** Spec §8: the message comes from `detail`, `message` or `error`, else 'HTTP {status}: {text}'. */
export function errorMessageFor(status: number, statusText: string, body: unknown): string {
  if (isRecord(body)) {
    const message = textOf(body.detail) ?? textOf(body.message) ?? textOf(body.error);
    if (message) return message;
  }
  // HTTP/2 has no status text; a short plain-text body is the next best reason.
  const plain = typeof body === 'string' && body.length <= 200 && !body.trimStart().startsWith('<') ? body.trim() : '';
  return i18n.t('errors.http', { status, text: statusText || plain || i18n.t('errors.requestFailed') });
}

/** Spec §8 text for a fetch that never reached the server. */
export function networkErrorMessage(): string {
  return i18n.t('errors.network', { host: new URL(API_BASE, window.location.origin).origin });
}

function fieldErrorsOf(body: unknown): FieldError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (item): item is FieldError => isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  // The server writes e-mails a visitor triggers (newsletter, password reset) in the language they use.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': activeLanguage(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const { accessToken } = authStore.getState();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(networkErrorMessage(), 0, 'NETWORK_ERROR');
  }
}

async function parse<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (response.ok) return body as T;
  throw apiErrorFrom(response.status, response.statusText, body);
}

/** The ApiError for a failed answer, whichever transport (fetch or an upload's XHR) read it. */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  return new ApiError(errorMessageFor(status, statusText, body), status, code, fieldErrorsOf(body), body);
}

/**
 * How a refresh went: a new access token, a session the server has ended (or never had), or
 * no answer for now (rate limit, server or network trouble), which is no reason to sign out.
 */
export type RefreshOutcome = 'refreshed' | 'ended' | 'unavailable';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Trades the httpOnly refresh cookie for a new access token. Concurrent callers share
 * one request: refresh tokens rotate, so a second parallel refresh would present a
 * token the server has already replaced.
 */
export function refreshSessionOutcome(): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = (async (): Promise<RefreshOutcome> => {
      try {
        const response = await fetch(`${API_BASE}/auth/refresh`, {
          method: 'POST',
          headers: { Accept: 'application/json' },
          credentials: 'include',
        });
        if (response.status === 429 || response.status >= 500) return 'unavailable';
        // 204: the browser holds no session cookie at all (an anonymous visitor).
        if (!response.ok || response.status === 204) return 'ended';
        const session = (await response.json()) as AuthResponse;
        if (!session?.user || !session.access_token) return 'ended';
        authStore.setSession(session);
        return 'refreshed';
      } catch {
        return 'unavailable';
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** True when the session was refreshed. */
export async function refreshSession(): Promise<boolean> {
  return (await refreshSessionOutcome()) === 'refreshed';
}

/** How long to wait before trying a refresh the server could not answer once more. */
const RESTORE_RETRY_MS = 2_000;

/** On app start: restore the session from the refresh cookie (trying twice), else become anonymous. */
export async function restoreSession(): Promise<void> {
  let outcome = await refreshSessionOutcome();
  if (outcome === 'unavailable') {
    await new Promise((resolve) => setTimeout(resolve, RESTORE_RETRY_MS));
    outcome = await refreshSessionOutcome();
  }
  if (outcome !== 'refreshed') authStore.clear();
}

// Sign-in routes answer 401 for a wrong password: that is no reason to refresh or sign out.
const isAuthRoute = (path: string) => path.startsWith('/auth/') || path === '/simple-admin/login';

/** The session is gone for good: forget it and let the app send the user to sign in. */
export function endLostSession(): void {
  authStore.clear();
  unauthenticatedHandler?.();
}

/**
 * Sends one API call. A 401 from a non-auth route gets one refresh and one retry;
 * if that fails too, the user is signed out and sent to sign in.
 */
async function sendWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && !isAuthRoute(path)) {
    const outcome = await refreshSessionOutcome();
    if (outcome === 'refreshed') response = await send(path, options);
    // A refresh the server could not answer now leaves the user signed in: this call fails, the next may not.
    if (response.status === 401 && outcome !== 'unavailable') endLostSession();
  }
  return response;
}

/** Sends one call and reads its JSON answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // A visitor's first catalogue answers may already be in the page (the server wrote them there).
  if ((options.method ?? 'GET') === 'GET' && !authStore.getState().accessToken) {
    const initial = takeInitialAnswer(path);
    if (initial) return initial.body as T;
  }
  return parse<T>(await sendWithRefresh(path, options));
}

/** A file the API streams back (zips): the body as a Blob; failures throw ApiError like any other call. */
export async function apiBlob(path: string, options: Omit<RequestOptions, 'body' | 'formData'> = {}): Promise<Blob> {
  const response = await sendWithRefresh(path, { ...options, method: options.method ?? 'GET' });
  if (!response.ok) return parse<never>(response);
  return response.blob();
}

type Options = Omit<RequestOptions, 'method' | 'body' | 'formData'>;

export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  upload: <T>(path: string, formData: FormData, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', formData }),
  blob: (path: string, options?: Options) => apiBlob(path, options),
};

/** The text to show for any thrown value; a server error in the reader's language (by its `messageId`, else its `code`). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return translateServerError(error.message, error.code, error.messageId);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
