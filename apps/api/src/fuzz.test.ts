import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/helpers';
import { productRevisions, productVersions } from './db/schema';

/**
 * The guard that lasts: every route of the OpenAPI document, as every role, with malformed
 * input. No answer may be a 5xx, and every error must carry our `{detail, code}` body.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  operation: Operation;
}
type Role = 'anonymous' | 'buyer' | 'seller' | 'simple_admin' | 'admin';
interface Probe {
  label: string;
  options: InjectOptions;
}

const ROLES: Role[] = ['anonymous', 'buyer', 'seller', 'simple_admin', 'admin'];
const LOOSE_ID = '------------------------------------';
const BAD_IDS = [LOOSE_ID, 'not-an-id', 'a\u0000b', '-x.png', '..', '%', `${'f'.repeat(36)}`, 'x'.repeat(1500)];
const BAD_QUERY_VALUES = [
  'a\u0000b',
  LOOSE_ID,
  '-000001-01-01',
  '275760-09-14',
  '1e309',
  '99999999999999999999999',
  '-1',
  'x'.repeat(3000),
];
const BAD_BODY_VALUES: unknown[] = [
  'nul\u0000byte',
  LOOSE_ID,
  '-000001-01-01',
  -1,
  1e308,
  'x'.repeat(20_000),
  null,
  {},
  [LOOSE_ID],
];
const RAW_BODIES = ['garbage', '{"truncated": ', 'null', '[]', '{}', '"\\u0000"', '{"a":{"b":{"c":[[[[[[1]]]]]]}}}'];
/**
 * Hostile values inside natural language, sent in every free-text field and query parameter: the
 * shopping assistant once answered 500 to 'scripts under $21474837' (an integer column overflowed).
 */
const HOSTILE_TEXT = [
  'scripts under $21474837',
  'over $99999999999',
  'between $1 and $99999999999',
  'between $99999999999 and $1',
  'datasets under -$5',
  'prompts over $-99999999999',
  'under $1e309',
  'under $1.7976931348623157e308',
  'under $NaN',
  'over $Infinity dollars',
  'under $0.0000000001',
  'under $2147483648',
  'over $9223372036854775808',
  'under $99,999,999,999.99',
  'under 99999999999 USD',
  'under €99999999999 or ¥99999999999',
  'top 99999999999 tools',
  'top -1 tools',
  'page 99999999999 of the results',
  'rated 99999999999 stars',
  'from the last 99999999999 days',
  'show me 1e400 prompts',
  'tools under $٢١٤٧٤٨٣٧', // Arabic-Indic digits
  'tools under $２１４７４８３６４８', // full-width digits
  'tools under $𝟗𝟗𝟗𝟗𝟗𝟗𝟗𝟗𝟗𝟗𝟗', // mathematical digits
  'tools under $९९९९९९९९९९९', // Devanagari digits
  'scripts under \u202e$99999999999\u202c', // right-to-left override
  '\u200fover $99999999999\u200f \u200eplease',
  'under $9\u200b9\u200b9\u200b9\u200b9\u200b9\u200b9\u200b9\u200b9\u200b9\u200b9',
  '🤖 tools under $💯 🔥🔥',
  'top 9️⃣9️⃣9️⃣9️⃣9️⃣9️⃣9️⃣9️⃣9️⃣ tools 👨‍👩‍👧‍👦',
  `scripts under $${'9'.repeat(150)}`,
  `${'supercalifragilistic'.repeat(9)} under $5`,
  'a'.repeat(180),
  "scripts under $5'; DROP TABLE products;--",
  "tools' OR '1'='1 under $10",
  'prompts under $5 UNION SELECT password_hash FROM users--',
  "100% off under $_5 \\' -- %%",
  '<script>alert(1)</script> under $99999999999',
  '<img src=x onerror=alert(1)> top 99999999999 tools',
  `{{7*7}} \${7*7} #{7*7} under $5`,
  '../../etc/passwd under $5',
];
/** Routes that take a body from anyone; every other route with a body must ask who is calling first. */
const PUBLIC_BODY_ROUTES = new Set([
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/admin/login',
  'POST /api/v1/auth/google',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/payments/webhook',
  'POST /api/v1/simple-admin/login',
  'POST /api/v1/chatbot/message',
  'POST /api/v1/contact/',
  'POST /api/v1/newsletter/subscribe',
  'POST /api/v1/newsletter/confirm',
  'POST /api/v1/newsletter/unsubscribe',
  'POST /api/v1/affiliates/visits',
  'POST /api/v1/licenses/verify',
  'POST /api/v1/licenses/activate',
  'POST /api/v1/licenses/deactivate',
  'POST /api/v1/product-updates/unsubscribe',
  // Guest checkout (decision 0046): no session; the order-scoped token (a header) opens one order.
  'POST /api/v1/guest/checkout',
  'POST /api/v1/guest/orders/{id}/confirm-payment',
  'POST /api/v1/guest/claim',
]);
/** Staff areas: never for a buyer or a seller, whatever else a route's own guard says. */
const STAFF_ONLY = /\/(admin|super-admin|simple-admin|debug|totp)\/|\/ai-token-payments\/(?!public\/)/;
/** Bodies that fail before validation: malformed JSON, an empty JSON body, and content types the API does not take. */
const UNREADABLE_BODIES: { label: string; payload: string; type: string }[] = [
  { label: 'malformed JSON', payload: '{"a":', type: 'application/json' },
  { label: 'empty JSON', payload: '', type: 'application/json' },
  { label: 'text/plain', payload: 'hello', type: 'text/plain' },
  { label: 'XML', payload: '<a>1</a>', type: 'application/xml' },
  { label: 'form-urlencoded', payload: 'a=1&b=', type: 'application/x-www-form-urlencoded' },
  { label: 'not multipart', payload: 'this is not multipart', type: 'multipart/form-data; boundary=x' },
];
const GUARD_REFUSAL = /^(Admin access required|This action requires the .+ role)$/;
/** The sentences the reports named go everywhere; of the rest, each field takes a turn of a few. */
const HOSTILE_CORE = 3;
const HOSTILE_SHARE = 9;
/** Query parameters that are search boxes: every sentence. */
const SEARCH_PARAMETER = /^(q|search|query|message)$/;
const MULTIPART_TEXT_FIELDS = ['title', 'short_description', 'description', 'tags', 'price', 'category', 'license_type'];

/** The core sentences and a share of the others, picked by `key` so that different fields get different ones. */
function hostileShare(key: string): string[] {
  const rest = HOSTILE_TEXT.slice(HOSTILE_CORE);
  const start = [...key].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1_000_003, 7) % rest.length;
  return [
    ...HOSTILE_TEXT.slice(0, HOSTILE_CORE),
    ...Array.from({ length: HOSTILE_SHARE }, (_, index) => rest[(start + index) % rest.length] as string),
  ];
}
// Routes whose success ends a role's session; walked last so the rest run signed in.
const LAST = /\/users\/me(\/fixed)?$/;
const CONCURRENCY = 6;

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
/** Ids of real rows, so that probes also reach the code behind a successful lookup. */
const realIds: string[] = [];
let guestOrderToken = '';

beforeAll(async () => {
  // Limits high enough that every probe reaches its handler instead of a 429.
  t = await createTestApp({
    CHATBOT_RATE_LIMIT_PER_MINUTE: '100000',
    NEWSLETTER_RATE_LIMIT_PER_MINUTE: '100000',
    AFFILIATE_VISITS_PER_MINUTE: '100000',
    LICENSE_RATE_LIMIT_PER_MINUTE: '100000',
    LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000',
    PRODUCT_UPDATE_NOTES_PER_DAY: '100',
    COMMUNITY_THREADS_PER_MINUTE: '100000',
    COMMUNITY_REPLIES_PER_MINUTE: '100000',
    FAILED_LOGIN_LIMIT: '100000',
  });
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const user = await createUser(t.db, role);
    tokens[role] = await t.deps.accessTokens.sign({ sub: user.id, role, tv: user.tokenVersion });
  }
  const seller = await createUser(t.db, 'seller');
  const buyer = await createUser(t.db, 'buyer');
  const spare = await createUser(t.db, 'simple_admin');
  const product = await createProduct(t.db, seller, { priceCents: 10_000_000 });
  const order = await createPaidOrder(t.db, buyer, product);
  // A pending version and edit of the product (decision 0038), so their routes reach past the lookup too.
  const [version] = await t.db
    .insert(productVersions)
    .values({ productId: product.id, label: '1.1', changelog: 'Fuzz' })
    .returning();
  const [revision] = await t.db
    .insert(productRevisions)
    .values({ productId: product.id, changes: { title: 'Fuzzed' } })
    .returning();
  realIds.push(product.id, order.id, spare.id, version?.id as string, revision?.id as string);
  // A guest order and its token, sent with every probe, so the guest routes reach past the token too.
  const guest = await t.app.inject({
    method: 'POST',
    url: '/api/v1/guest/checkout',
    payload: { email: 'fuzz.guest@example.org', items: [{ product_id: product.id }], billing_country: 'US' },
  });
  realIds.push(guest.json().order_id);
  guestOrderToken = guest.json().access_token;
});
afterAll(async () => {
  await t.close();
});

/** The first value a schema accepts, built from its constraints (a best effort, not a validator). */
function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'fuzz';
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0], name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(schema.items, name));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    // Never switch a flag on: `true` could put the site into maintenance and hide every route.
    case 'boolean':
      return false;
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid' || /(^|_)id$/.test(name)) return randomUUID();
  if (schema.format === 'email' || name.includes('email')) return `fuzz.${randomUUID().slice(0, 8)}@example.org`;
  if (schema.pattern?.includes('\\d{6}')) return '123456';
  if (schema.format === 'date-time' || schema.format === 'date') return '2026-01-01';
  return 'Fuzz-Value-123'.padEnd(schema.minLength ?? 0, 'x');
}

/** Every way to swap one value inside a body, one level of nesting deep. */
function mutations(body: unknown, prefix = ''): { path: string; body: unknown }[] {
  if (body === null || typeof body !== 'object') return [];
  const result: { path: string; body: unknown }[] = [];
  for (const [key, value] of Object.entries(body)) {
    for (const bad of BAD_BODY_VALUES) result.push({ path: `${prefix}${key}`, body: replaced(body, key, bad) });
    if (value !== null && typeof value === 'object' && !prefix) {
      for (const inner of mutations(value, `${key}.`)) result.push({ path: inner.path, body: replaced(body, key, inner.body) });
    }
  }
  return result;
}

/** A string leaf a person types freely (not an id, address, date, enum or pattern). */
function isFreeText(schema: JsonSchema | undefined): boolean {
  if (!schema) return true;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.some((option) => isFreeText(option));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.type !== undefined && !types.includes('string')) return false;
  return schema.enum === undefined && schema.const === undefined && schema.format === undefined && schema.pattern === undefined;
}

function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  const options = schema?.anyOf ?? schema?.oneOf;
  return options ? options.find((option) => option.properties || option.items) : schema;
}

/** Every string leaf of a sample body (objects and arrays, any depth), as a path of keys, with whether it is free text. */
function stringFields(body: unknown, schema: JsonSchema | undefined, path: string[] = []): { path: string[]; free: boolean }[] {
  if (typeof body === 'string') return [{ path, free: isFreeText(schema) }];
  if (body === null || typeof body !== 'object') return [];
  const own = objectSchema(schema);
  return Object.entries(body).flatMap(([key, value]) =>
    stringFields(value, Array.isArray(body) ? own?.items : own?.properties?.[key], [...path, key]),
  );
}

function replacedAt(body: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  return replaced(body as object, key, replacedAt((body as Record<string, unknown>)[key], rest, value));
}

function replaced(body: object, key: string, value: unknown): unknown {
  return Array.isArray(body) ? body.map((item, index) => (String(index) === key ? value : item)) : { ...body, [key]: value };
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? realIds[0] ?? ''));
}

function multipartBody(
  kind: 'truncated' | 'garbage' | 'nul' | 'hostile',
  first = 0,
): { payload: string; headers: Record<string, string> } {
  const boundary = 'fuzzboundary';
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (kind === 'garbage') return { payload: 'this is not multipart at all', headers };
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  if (kind === 'hostile') {
    // The product form's fields, each with another sentence (the price and category too).
    const text = (index: number) => HOSTILE_TEXT[(first + index) % HOSTILE_TEXT.length] as string;
    const fields = MULTIPART_TEXT_FIELDS.map((name, index) => field(name, text(index)));
    return { payload: `${fields.join('')}--${boundary}--\r\n`, headers };
  }
  if (kind === 'nul') {
    return {
      payload: `${field('title', 'Nul\u0000Title')}${field('description', 'd\u0000'.repeat(20))}${field('price', '1')}${field('category', 'prompt-packs')}--${boundary}--\r\n`,
      headers,
    };
  }
  return {
    payload: `${field('title', 'Truncated')}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.bin"\r\n\r\nhalf a fi`,
    headers,
  };
}

/** The malformed requests for one route (role-independent). */
function probesFor(route: Route): Probe[] {
  const parameters = route.operation.parameters ?? [];
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const jsonSchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const base = jsonSchema ? sample(jsonSchema) : undefined;
  const url = fillPath(route.path, {});
  const probe = (label: string, options: Partial<InjectOptions>): Probe => ({
    label,
    options: {
      method: route.method as InjectOptions['method'],
      url,
      ...(base !== undefined && { payload: base as object }),
      ...options,
    },
  });

  const probes: Probe[] = [probe('as documented', {})];
  for (const id of pathNames.length ? realIds.slice(1) : []) {
    probes.push(probe('another real id', { url: fillPath(route.path, Object.fromEntries(pathNames.map((n) => [n, id]))) }));
  }
  for (const name of pathNames) {
    for (const bad of BAD_IDS)
      probes.push(probe(`path ${name}=${JSON.stringify(bad.slice(0, 40))}`, { url: fillPath(route.path, { [name]: bad }) }));
  }
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    for (const bad of BAD_QUERY_VALUES) {
      probes.push(probe(`query ${parameter.name}=${JSON.stringify(bad.slice(0, 40))}`, { query: { [parameter.name]: bad } }));
    }
    probes.push(probe(`query ${parameter.name} twice`, { query: { [parameter.name]: ['1', '2'] } }));
    if (isFreeText(parameter.schema)) {
      for (const text of SEARCH_PARAMETER.test(parameter.name) ? HOSTILE_TEXT : hostileShare(`${route.path} ${parameter.name}`)) {
        probes.push(probe(`query ${parameter.name}=${JSON.stringify(text.slice(0, 40))}`, { query: { [parameter.name]: text } }));
      }
    }
  }
  if (hasBody) {
    probes.push(probe('no body', { payload: undefined }));
    for (const raw of RAW_BODIES) {
      probes.push(probe(`raw JSON ${raw.slice(0, 20)}`, { payload: raw, headers: { 'content-type': 'application/json' } }));
    }
    probes.push(probe('empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }));
    for (const kind of ['truncated', 'garbage', 'nul'] as const) probes.push(probe(`multipart ${kind}`, multipartBody(kind)));
    for (const mutation of mutations(base)) {
      probes.push(
        probe(`body ${mutation.path}=${JSON.stringify(mutation.body).slice(0, 60)}`, { payload: mutation.body as object }),
      );
    }
    for (const field of stringFields(base, jsonSchema)) {
      // Free text gets its share of sentences; ids, addresses and dates a few, which they must refuse cleanly.
      for (const text of field.free ? hostileShare(`${route.path} ${field.path.join('.')}`) : HOSTILE_TEXT.slice(0, 3)) {
        const payload = replacedAt(base, field.path, text) as object;
        probes.push(probe(`text ${field.path.join('.')}=${JSON.stringify(text.slice(0, 40))}`, { payload }));
      }
    }
    if (!jsonSchema) {
      // Every sentence once, each time in another field of the product form.
      for (let first = 0; first < HOSTILE_TEXT.length; first += MULTIPART_TEXT_FIELDS.length) {
        probes.push(probe(`multipart text from #${first}`, multipartBody('hostile', first + route.path.length)));
      }
    }
  }
  return probes;
}

function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let body: { detail?: unknown; code?: unknown };
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} without a JSON body: ${response.body.slice(0, 100)}`;
  }
  if (typeof body.detail !== 'string' || typeof body.code !== 'string') {
    return `${response.statusCode} without {detail, code}: ${response.body.slice(0, 200)}`;
  }
  return null;
}

interface Job {
  role: Role;
  route: Route;
  probe: Probe;
}

/** How many 2xx answers each role got: proof that the signed-in roles really got past the guards. */
const successes: Record<Role, number> = { anonymous: 0, buyer: 0, seller: 0, simple_admin: 0, admin: 0 };
const offenders: string[] = [];
/** Guarded routes that validated (422) or served a stranger's request instead of asking who it is (401). */
const answeredStrangers: string[] = [];

/** Sends every job (a few at a time) and records offenders; returns each job's status. */
async function runAll(app: FastifyInstance, jobs: Job[]): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < jobs.length; index = next++) {
      const job = jobs[index] as Job;
      const token = tokens[job.role];
      const headers = {
        'x-order-token': guestOrderToken,
        ...(job.probe.options.headers as object),
        ...(token && { authorization: `Bearer ${token}` }),
      };
      const response = await app.inject({ ...job.probe.options, headers });
      statuses[index] = response.statusCode;
      if (response.statusCode < 300) successes[job.role] += 1;
      const problem = problemWith(response);
      if (problem) offenders.push(`${job.role} ${job.route.method} ${job.route.path} [${job.probe.label}] → ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

/**
 * Every route as every role, within a few thousand requests. First the documented request as
 * each role tells which roles a route admits (no 401/403). Then the malformed probes are dealt
 * out in turn to the admitted roles, so each probe reaches a handler once, and every tenth one
 * also goes to each refused role (bad input must not slip past or crash the guards either).
 */
async function walk(app: FastifyInstance, routes: Route[]): Promise<number> {
  const plans = routes.map((route) => ({ route, probes: probesFor(route) }));
  const firstJobs = plans.flatMap(({ route, probes }) => ROLES.map((role) => ({ role, route, probe: probes[0] as Probe })));
  const firstStatuses = await runAll(app, firstJobs);
  const admits = (route: Route, role: Role) => {
    const status = firstStatuses[firstJobs.findIndex((job) => job.route === route && job.role === role)];
    return status !== 401 && status !== 403;
  };
  const jobs = plans.flatMap(({ route, probes }) => {
    const admitted = ROLES.filter((role) => admits(route, role));
    const refused = ROLES.filter((role) => !admits(route, role));
    return probes
      .slice(1)
      .flatMap((probe, index) => [
        ...(admitted.length ? [{ role: admitted[index % admitted.length] as Role, route, probe }] : []),
        ...(index % 10 === 0 ? refused.map((role) => ({ role, route, probe })) : []),
      ]);
  });
  const statuses = await runAll(app, jobs);
  jobs.forEach((job, index) => {
    const status = statuses[index] as number;
    if (job.role === 'anonymous' && !admits(job.route, 'anonymous') && (status < 300 || status === 422)) {
      answeredStrangers.push(`${job.route.method} ${job.route.path} [${job.probe.label}] → ${status}`);
    }
  });
  return firstJobs.length + jobs.length;
}

/** Route paths as Fastify registered them, read from its route tree (OpenAPI style, `{id}`). */
function registeredApiRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    while (stack.length > depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      found.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return found.filter((route) => route.includes(' /api/v1/'));
}

describe('the API under malformed input', () => {
  let routes: Route[] = [];

  beforeAll(async () => {
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });

  it('documents every API route in the OpenAPI document', () => {
    const withoutSlash = (route: string) => route.replace(/\/$/, '');
    const documented = new Set(routes.map((route) => withoutSlash(`${route.method} ${route.path}`)));
    const missing = registeredApiRoutes(t.app).filter((route) => !documented.has(withoutSlash(route)));
    expect(missing).toEqual([]);
  });

  it('asks who is calling before reading the body: 401 for a stranger, 403 for a role without access, never 400/415/422', {
    timeout: 120_000,
  }, async () => {
    // Accounts of their own: the walk below may end the shared ones' sessions.
    const callers: Partial<Record<Role, string>> = {};
    for (const role of ['buyer', 'seller', 'simple_admin'] as const) {
      const user = await createUser(t.db, role);
      callers[role] = await t.deps.accessTokens.sign({ sub: user.id, role, tv: user.tokenVersion });
    }
    const withBody = routes.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    const send = (route: Route, role: Role, body?: (typeof UNREADABLE_BODIES)[number]) =>
      t.app.inject({
        method: route.method as InjectOptions['method'],
        url: fillPath(route.path, {}),
        headers: {
          ...(callers[role] && { authorization: `Bearer ${callers[role]}` }),
          ...(body && { 'content-type': body.type }),
        },
        ...(body && { payload: body.payload }),
      });

    const wrong: string[] = [];
    let refusals = 0;
    const expectRefused = async (route: Route, role: Role, status: 401 | 403, detail?: string) => {
      for (const body of UNREADABLE_BODIES) {
        const response = await send(route, role, body);
        const answer = response.json() as { detail?: string };
        if (response.statusCode !== status || (detail && answer.detail !== detail)) {
          wrong.push(`${role} ${route.method} ${route.path} [${body.label}] → ${response.statusCode} ${answer.detail}`);
        } else refusals += 1;
      }
    };
    for (const route of withBody) {
      const key = `${route.method} ${route.path}`;
      if (!PUBLIC_BODY_ROUTES.has(key)) await expectRefused(route, 'anonymous', 401);
      if (PUBLIC_BODY_ROUTES.has(key) || LAST.test(route.path)) continue;
      for (const role of ['buyer', 'seller', 'simple_admin'] as const) {
        // Without any body the guard speaks for itself; staff areas refuse buyers and sellers whatever it says.
        const plain = await send(route, role);
        const refusal = plain.statusCode === 403 ? (plain.json() as { detail: string }).detail : '';
        if (GUARD_REFUSAL.test(refusal)) await expectRefused(route, role, 403, refusal);
        else if (role !== 'simple_admin' && STAFF_ONLY.test(route.path)) await expectRefused(route, role, 403);
      }
    }
    expect(wrong).toEqual([]);
    // Guarded routes really were probed: ~90 for strangers, dozens of staff routes for each other role.
    expect(refusals).toBeGreaterThan(1000);
  });

  it('reads hostile numbers inside sentences: the assistant and the searches answer each one, never a 5xx', {
    timeout: 60_000,
  }, async () => {
    const failures: string[] = [];
    for (const text of HOSTILE_TEXT) {
      const requests: [string, InjectOptions, (status: number) => boolean][] = [
        // The assistant may answer or refuse, but must read the message (no 429, no 5xx).
        [
          'assistant',
          { method: 'POST', url: '/api/v1/chatbot/message', payload: { message: text } },
          (status) => status < 500 && status !== 429,
        ],
        ['catalogue search', { url: '/api/v1/products/', query: { search: text } }, (status) => status === 200],
        ['forum search', { url: '/api/v1/community/threads', query: { q: text } }, (status) => status === 200],
      ];
      for (const [what, options, fine] of requests) {
        const response = await t.app.inject(options);
        if (!fine(response.statusCode))
          failures.push(`${what} ${JSON.stringify(text)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      // Once a session is under way too (a price asked in the middle of browsing).
      const first = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot/message', payload: { message: 'products' } });
      const session_id = (first.json() as { session_id?: string }).session_id;
      const next = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot/message', payload: { session_id, message: text } });
      if (next.statusCode >= 500 || next.statusCode === 429)
        failures.push(`assistant, browsing, ${JSON.stringify(text)} → ${next.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every route, as every role, without a 5xx and with a {detail, code} body', { timeout: 360_000 }, async () => {
    const sent =
      (await walk(
        t.app,
        routes.filter((route) => !LAST.test(route.path)),
      )) +
      (await walk(
        t.app,
        routes.filter((route) => LAST.test(route.path)),
      ));
    expect(sent).toBeGreaterThan(1000);
    expect(offenders).toEqual([]);
    expect(answeredStrangers).toEqual([]);
    for (const role of ROLES) expect(successes[role], role).toBeGreaterThan(10);
  });
});
