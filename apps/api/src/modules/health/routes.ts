import { healthSchema, liveSchema, readySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { pingDatabase } from './repository';

const tags: ApiTag[] = ['Health'];

/** A check slower than this counts as failed: a load balancer must not wait on a hung connection. */
const READY_CHECK_TIMEOUT_MS = 2_000;

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

  app.get(
    '/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        summary: 'Check that the process is up (liveness probe; checks nothing else)',
        tags,
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Check that this instance takes traffic: started, not draining, database and storage answer',
        tags,
        // Starting, draining after SIGTERM, or the database or file storage does not answer.
        errorCodes: ['SERVICE_UNAVAILABLE'],
        response: { 200: readySchema },
      },
    },
    async () => {
      const { phase } = app.lifecycle;
      if (phase === 'starting') throw new AppError('SERVICE_UNAVAILABLE', 'Starting up');
      if (phase === 'draining') throw new AppError('SERVICE_UNAVAILABLE', 'Shutting down');
      if (!(await answersInTime(() => pingDatabase(app.deps.db)))) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      // A storage backend that can be reached or not (an object store) offers check(); local disk needs none.
      const { storage } = app.deps;
      const check = storage.check?.bind(storage);
      if (check && !(await answersInTime(check))) throw new AppError('SERVICE_UNAVAILABLE', 'File storage unavailable');
      return { status: 'ready' as const, database: 'ok' as const, storage: check ? ('ok' as const) : ('not checked' as const) };
    },
  );
};

/** True when `probe` resolves within READY_CHECK_TIMEOUT_MS. */
async function answersInTime(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
