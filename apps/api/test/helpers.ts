import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { createDeps } from '../src/deps';
import type { AppDeps } from '../src/lib/context';
import { adminQuery, databaseUrl } from './database-url';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the real application on a fresh database cloned from the migrated template.
 * `env` overrides environment variables (as production would set them); `options.log` receives what
 * the server would print.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { log?: (message: string) => void } = {},
): Promise<TestApp> {
  const { serverUrl, template, embedded } = inject('testDatabase');
  const name = `mkt_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(serverUrl, name),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    CATALOG_CACHE_MS: '0',
    // The tests of the index itself read its state on this thread; thread.test.ts runs it in its own.
    SEARCH_INDEX_THREAD: 'off',
    ...env,
  });
  const db = createDatabase(config.databaseUrl as string, 5);
  const deps = createDeps(config, db, { embeddedDatabase: embedded, log: options.log ?? (() => {}) });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    db,
    config,
    async close() {
      await app.close();
      await db.$client.end();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid address for each call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.org`;
}

export const GOOD_PASSWORD = 'Lantern-orbit-92';

export interface RegisteredUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshCookie: string;
}

/** Registers a buyer through the API, as the register page does. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const body = { first_name: 'Test', last_name: 'Buyer', email: uniqueEmail(), password: GOOD_PASSWORD, ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const json = response.json();
  return {
    id: json.user.id,
    email: json.user.email,
    password: body.password as string,
    accessToken: json.access_token,
    refreshCookie: refreshCookieOf(response),
  };
}

/** The refresh_token cookie value a response set ('' when it cleared it). */
export function refreshCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return cookie?.value ?? '';
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Caller = ReturnType<typeof callAs>;

/** Calls `/api/v1<url>` with the bearer `token`, or anonymously when it is null: `callAs(app, token)('GET', '/orders')`. */
export function callAs(app: FastifyInstance, token: string | null) {
  return (method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
}

/** Builds a multipart/form-data body with one file part. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----marketplace${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The .eml files the mailer wrote, oldest first. */
export function outboxMessages(config: Config): string[] {
  if (!fs.existsSync(config.mail.outboxDir)) return [];
  return fs
    .readdirSync(config.mail.outboxDir)
    .sort()
    .map((file) => fs.readFileSync(path.join(config.mail.outboxDir, file), 'utf8'));
}

/** The reset token of the newest password-reset e-mail (decoding quoted-printable soft breaks). */
export function latestResetToken(config: Config): string | undefined {
  const messages = outboxMessages(config);
  const newest = messages.at(-1);
  if (!newest) return undefined;
  const decoded = newest.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return decoded.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
}

/** Signs a user in through the API and returns the access token. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token;
}

export interface FormPart {
  name: string;
  value?: string;
  filename?: string;
  contentType?: string;
  data?: Buffer;
}

/** A multipart/form-data body with any mix of fields and files. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----marketplace${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename !== undefined
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(part.data ?? Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder, as paths relative to it. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Decodes MIME encoded-words (=?UTF-8?B|Q?...?=) in a header line. */
function decodeHeaderWords(value: string): string {
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_match, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

export interface DecodedMail {
  to: string;
  subject: string;
  /** Every text part (plain and HTML), decoded. */
  body: string;
}

/**
 * A message split at its declared MIME boundaries only: a quoted-printable line may itself start
 * with "--" (a soft break before a link's "--"), which is not a boundary.
 */
function mimeParts(raw: string): string[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] as string);
  if (boundaries.length === 0) return [raw];
  const escaped = boundaries.map((boundary) => boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return raw.split(new RegExp(`\\r?\\n--(?:${escaped.join('|')})(?:--)?[ \\t]*(?:\\r?\\n|$)`));
}

/** The outbox's messages with headers and parts decoded, so tests can read non-ASCII text. */
export function decodedOutbox(config: Config): DecodedMail[] {
  return outboxMessages(config).map((raw) => {
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => decodeHeaderWords(unfolded.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1] ?? '');
    const parts = mimeParts(raw).map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const content = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      return content;
    });
    return { to: header('To'), subject: header('Subject'), body: parts.join('\n') };
  });
}
