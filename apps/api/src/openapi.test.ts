import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from './lib/errors';
import { API_TAGS } from './lib/openapi';
import { buildOpenApiDocument } from './openapi-document';

/**
 * The OpenAPI document is what clients are generated from (scripts/openapi-check.mjs lints it with
 * Spectral and compiles a client generated from it). Each operation has a unique operationId, a
 * one-line summary, a tag from the declared list, says who may call it, and documents its error
 * answers by status with the codes each can carry.
 */

interface ErrorAnswer {
  content?: { 'application/json'?: { schema?: { properties?: { code?: { enum?: string[] } } } } };
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, ErrorAnswer>;
}
interface OpenApiDocument {
  tags?: { name: string; description?: string }[];
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
}

/** The document describes itself by being one. */
const UNDOCUMENTED = ['GET /api/v1/openapi.json'];

let document: OpenApiDocument;
let operations: { route: string; operation: Operation }[];

beforeAll(async () => {
  document = (await buildOpenApiDocument()) as unknown as OpenApiDocument;
  operations = Object.entries(document.paths)
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    )
    .filter(({ route }) => !UNDOCUMENTED.includes(route));
});

const operation = (route: string) => operations.find((o) => o.route === route)?.operation as Operation;
const errorCodes = (route: string, status: string) =>
  operation(route).responses?.[status]?.content?.['application/json']?.schema?.properties?.code?.enum;

describe('OpenAPI document', () => {
  it('lists its tags with descriptions, and every tag has operations', () => {
    expect(document.tags?.map((tag) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    expect(API_TAGS.map((tag) => tag.name).filter((name) => !used.has(name))).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId, a one-line summary, a declared tag and a description', () => {
    expect(operations.length).toBeGreaterThan(150);
    const declared = new Set<string>(API_TAGS.map((tag) => tag.name));
    const problems = operations.flatMap(({ route, operation: op }) => [
      ...(/^[a-z][a-zA-Z0-9]+$/.test(op.operationId ?? '') ? [] : [`${route}: operationId ${op.operationId}`]),
      ...(op.summary && !op.summary.includes('\n') && op.summary.length <= 100 ? [] : [`${route}: summary`]),
      ...(op.tags?.length === 1 && declared.has(op.tags[0] as string) ? [] : [`${route}: tags ${op.tags}`]),
      ...(op.description ? [] : [`${route}: description`]),
    ]);
    expect(problems).toEqual([]);
    const ids = operations.map(({ operation: op }) => op.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('documents error answers by status, each `code` an enum of codes of that status', () => {
    const problems = operations.flatMap(({ route, operation: op }) => {
      const statuses = Object.keys(op.responses ?? {}).filter((status) => /^[45]\d\d$/.test(status));
      if (!statuses.includes('500')) return [`${route}: no 500`];
      return statuses.flatMap((status) =>
        (errorCodes(route, status) ?? [`(none)`])
          .filter((code) => String(ERROR_STATUS[code as keyof typeof ERROR_STATUS]) !== status)
          .map((code) => `${route}: ${status} ${code}`),
      );
    });
    expect(problems).toEqual([]);
  });

  it('derives the codes from the guard, the input and the route’s own rules', () => {
    // A role guard: 401 and 403.
    expect(errorCodes('GET /api/v1/admin/settings', '401')).toEqual(['UNAUTHORIZED']);
    expect(errorCodes('GET /api/v1/admin/settings', '403')).toEqual(['FORBIDDEN']);
    // Signed in, any role: no 403.
    expect(errorCodes('POST /api/v1/cart/add', '403')).toBeUndefined();
    // Declared by the route: buying what one owns.
    expect(errorCodes('POST /api/v1/cart/add', '409')).toEqual(['ALREADY_OWNED']);
    expect(errorCodes('POST /api/v1/auth/login', '401')).toEqual(['TOTP_REQUIRED', 'UNAUTHORIZED']);
    // A rate-limited route.
    expect(errorCodes('POST /api/v1/auth/login', '429')).toEqual(['RATE_LIMITED']);
    // An id in the path.
    expect(errorCodes('PUT /api/v1/cart/items/{id}', '404')).toEqual(['NOT_FOUND']);
    // Maintenance mode closes everything but a few paths.
    expect(errorCodes('GET /api/v1/cart/', '503')).toEqual(['SERVICE_UNAVAILABLE']);
    expect(errorCodes('POST /api/v1/auth/login', '503')).toBeUndefined();
  });

  it('shows public routes as needing no token, and guarded ones as needing a bearer token', () => {
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(operation('GET /api/v1/health').security).toEqual([]);
    expect(operation('POST /api/v1/auth/login').security).toEqual([]);
    expect(operation('GET /api/v1/cart/').security).toBeUndefined();
    expect(operation('GET /api/v1/admin/settings').description).toMatch(/admin role/);
    // Answers strangers, and more to a signed-in caller.
    expect(operation('GET /api/v1/products/{id}/reviews').security).toEqual([{}, { bearer: [] }]);
  });
});
