import { healthSchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () => {
    try {
      await app.deps.db.execute(sql`select 1`);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok' as const, database: 'postgres', embedded: app.deps.embeddedDatabase };
  });
};
