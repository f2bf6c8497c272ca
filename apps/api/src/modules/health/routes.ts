import { healthSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { pingDatabase } from './repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async () => {
    try {
      await pingDatabase(app.deps.db);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok' as const, database: 'postgres', embedded: app.deps.embeddedDatabase };
  });
};
