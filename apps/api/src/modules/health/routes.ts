import { healthSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { pingDatabase } from './repository';

const tags: ApiTag[] = ['Health'];

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Check that the API and its database answer',
        tags,
        // The database does not answer.
        errorCodes: ['SERVICE_UNAVAILABLE'],
        response: { 200: healthSchema },
      },
    },
    async () => {
      try {
        await pingDatabase(app.deps.db);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' as const, database: 'postgres', embedded: app.deps.embeddedDatabase };
    },
  );
};
