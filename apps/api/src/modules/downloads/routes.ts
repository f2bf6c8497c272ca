import { fileResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openFile, resolveDownloadToken } from './service';

/** Signed download links: the link itself is the credential, limited in time and revocable. */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(2000) }),
        response: { 200: fileResponse('The product file', ['application/octet-stream']) },
      },
    },
    async (request, reply) => {
      const file = await resolveDownloadToken(app.deps, request.params.token);
      const stream = await openFile(app.deps, file);
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-length', String(file.sizeBytes));
      reply.header('content-disposition', `attachment; filename="${file.fileName.replace(/[^a-zA-Z0-9._-]/g, '_')}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(stream);
    },
  );
};
