import { apiErrorSchema } from '@app/shared';
import type { RouteOptions } from 'fastify';

/**
 * onRoute hook: a route that documents its answers also documents its error answers. Every 4xx
 * and 5xx body comes from the global error handler as `{detail, code, errors?}`, so one schema
 * fits them all; it names exactly the keys the handler writes, so the body stays the same.
 */
export function documentErrorAnswers(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!route.schema || !response) return;
  route.schema.response = { ...response, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}
