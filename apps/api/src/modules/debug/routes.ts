import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import type { ApiTag } from '../../lib/openapi';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { imageUrl } from '../catalog/present';
import { countSimpleAdmins, listNewestProductImages } from './repository';

const tags: ApiTag[] = ['Debug'];

/** Stored images checked by /debug/check-uploads: those of the newest products. */
const CHECKED_PRODUCTS = 20;

const uploadsCheckSchema = z.object({
  uploads_exists: z.boolean(),
  uploads_path: z.string(),
  files: z.array(z.object({ filename: z.string(), url: z.string(), exists: z.boolean() })),
});
const authTokenCheckSchema = z.object({
  valid: z.boolean(),
  user: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  issued_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
const apiTestSchema = z.object({ message: z.string(), environment: z.string(), time: z.string() });
const simpleAdminStatusSchema = z.object({
  status: z.literal('ok'),
  simple_admins: z.object({ total: z.number(), active: z.number() }),
});

/**
 * The spec's debug routes (§7 Debug, §2 /debug-images). app.ts registers them only outside
 * production, and every one needs an admin.
 */
export const debugRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/debug/check-uploads',
    {
      schema: {
        operationId: 'checkUploads',
        summary: 'Check that the newest products’ images are stored',
        tags,
        response: { 200: uploadsCheckSchema },
      },
    },
    async () => checkUploads(deps),
  );

  app.get(
    '/debug/check-auth-token',
    {
      schema: {
        operationId: 'checkAuthToken',
        summary: 'Show the claims of the token sent',
        tags,
        response: { 200: authTokenCheckSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const claims = decodeJwt((request.headers.authorization ?? '').slice(7).trim());
      return {
        valid: true,
        user: { id: user.id, email: user.email, role: user.role },
        issued_at: claims.iat ? new Date(claims.iat * 1000).toISOString() : null,
        expires_at: claims.exp ? new Date(claims.exp * 1000).toISOString() : null,
      };
    },
  );

  app.get(
    '/test',
    { schema: { operationId: 'testApi', summary: 'Answer a fixed test reply', tags, response: { 200: apiTestSchema } } },
    async () => ({
      message: 'API is working',
      environment: deps.config.env,
      time: new Date().toISOString(),
    }),
  );

  app.get(
    '/simple-admin-test/status',
    {
      schema: {
        operationId: 'getSimpleAdminStatus',
        summary: 'Count the simple admins',
        tags,
        response: { 200: simpleAdminStatusSchema },
      },
    },
    async () => {
      return { status: 'ok' as const, simple_admins: await countSimpleAdmins(deps.db) };
    },
  );
};

/** Whether the uploads folder exists (or the bucket answers) and whether each stored image of the newest products is really there. */
async function checkUploads(deps: AppDeps) {
  const rows = await listNewestProductImages(deps.db, CHECKED_PRODUCTS);
  const keys = [...new Set(rows.flatMap((row) => row.images))].filter((reference) => !/^(https?:\/\/|\/)/.test(reference));
  const files = await Promise.all(
    keys.map(async (key) => ({
      filename: path.posix.basename(key),
      url: imageUrl(key),
      exists: await deps.storage
        .head(key, 1)
        .then((bytes) => bytes.length > 0)
        .catch(() => false),
    })),
  );
  if (deps.config.s3) {
    const reachable = await (deps.storage.check?.() ?? Promise.resolve()).then(
      () => true,
      () => false,
    );
    return { uploads_exists: reachable, uploads_path: `s3://${deps.config.s3.bucket}`, files };
  }
  return { uploads_exists: fs.existsSync(deps.config.filesDir), uploads_path: deps.config.filesDir, files };
}
