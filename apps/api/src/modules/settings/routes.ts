import { posix } from 'node:path';
import { adminSettingsSchema, hasRole, publicSettingsSchema, siteSettingsUpdateSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { nonEmptyUpdate } from '../../lib/validation';
import { requireAuth, resolveRequestUser } from '../auth/guard';
import { readPublicSettings, readSettings, updateSettings } from './service';

const tags: ApiTag[] = ['Settings'];

export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public',
    {
      schema: {
        operationId: 'getPublicSettings',
        summary: 'Return the settings every client needs (maintenance mode, site name)',
        tags,
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readPublicSettings(app.deps);
    },
  );
};

export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'getSiteSettings',
        summary: 'Return all site settings',
        tags,
        response: { 200: adminSettingsSchema },
      },
    },
    async () => readSettings(app.deps),
  );
  app.put(
    '/settings',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'updateSiteSettings',
        summary: 'Change site settings',
        tags,
        body: nonEmptyUpdate(siteSettingsUpdateSchema),
        response: { 200: adminSettingsSchema },
      },
    },
    async (request) => updateSettings(app.deps, request.body),
  );
};

/** Paths that stay open in maintenance mode: signing in (admins must get in), settings, health. */
export const OPEN_DURING_MAINTENANCE = [
  '/api/v1/auth/login',
  '/api/v1/auth/admin/login',
  '/api/v1/auth/refresh',
  '/api/v1/auth/logout',
  '/api/v1/auth/providers',
  '/api/v1/settings/public',
  '/api/v1/health',
  // Load balancers' probes: maintenance mode must not take every instance out of rotation.
  '/api/v1/health/live',
  '/api/v1/health/ready',
];

/**
 * The path as the router understood it: the matched route's pattern, or for an unmatched URL its
 * decoded, normalised form. `/%61pi/v1/cart` is `/api/v1/cart` to the router, so it must be to the gate.
 */
function gatedPath(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url.replace(/(.)\/$/, '$1');
  const raw = request.url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape is answered 400 by the router; gate it like any other API path.
  }
  return posix.normalize(decoded.replace(/\/{2,}/g, '/')).replace(/(.)\/$/, '$1');
}

/** With maintenance on, the API answers everyone but admins with 503 and the maintenance message. */
export function registerMaintenanceGate(app: FastifyInstance): void {
  // onRequest, registered before every route: it runs ahead of any route's own fast path.
  app.addHook('onRequest', async (request) => {
    const path = gatedPath(request);
    if (!path.startsWith('/api/') || OPEN_DURING_MAINTENANCE.includes(path)) return;
    const settings = await readSettings(app.deps);
    if (!settings.maintenance_mode) return;
    const user = await resolveRequestUser(request).catch(() => null);
    if (user && hasRole(user.role, ['admin'])) return;
    throw new AppError('SERVICE_UNAVAILABLE', settings.maintenance_message);
  });
}
