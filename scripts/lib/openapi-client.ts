// A small client typed only by what openapi-typescript generated from the document (./api.d.ts beside it
// in test-results/openapi/). scripts/openapi-check.mjs compiles it: if the document stops describing these
// operations, their answers or their error codes, the check fails.
import type { operations, paths } from './api';

type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
type Ok<Id extends keyof operations> = operations[Id]['responses'] extends { 200: infer Answer } ? JsonOf<Answer> : never;
type ErrorCodeOf<Id extends keyof operations, Status extends keyof operations[Id]['responses']> =
  JsonOf<operations[Id]['responses'][Status]> extends { code: infer Code } ? Code : never;

/** GETs a path that has no parameters and returns its 200 body; errors are thrown with their typed `code`. */
export async function get<Path extends keyof paths>(
  baseUrl: string,
  path: Path,
  token?: string,
): Promise<paths[Path] extends { get: { responses: { 200: infer Answer } } } ? JsonOf<Answer> : never> {
  const response = await fetch(new URL(String(path), baseUrl), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${(body as { code: string }).code}`);
  return body;
}

export async function example(baseUrl: string, token: string): Promise<string[]> {
  const health: Ok<'getHealth'> = await get(baseUrl, '/api/v1/health');
  const cart = await get(baseUrl, '/api/v1/cart/', token);
  const unauthorized: ErrorCodeOf<'addToCart', 401> = 'UNAUTHORIZED';
  // @ts-expect-error adding to the cart needs no role, so it never answers 403
  const forbidden: ErrorCodeOf<'addToCart', 403> = 'FORBIDDEN';
  const conflict: ErrorCodeOf<'addToCart', 409>[] = ['ALREADY_OWNED'];
  // @ts-expect-error a code no route has
  const unknown: ErrorCodeOf<'listProducts', 422> = 'NOT_A_CODE';
  const products: Ok<'listProducts'> = await get(baseUrl, '/api/v1/products/');
  return [
    health.status,
    String(cart.items.length),
    String(products.total),
    unauthorized,
    String(forbidden),
    ...conflict,
    unknown,
  ];
}
