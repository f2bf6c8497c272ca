import { fileResponse } from '@app/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import type { ApiTag } from '../../lib/openapi';
import { openFile, type ProductFileRow, resolveDownloadToken, resolveReviewToken } from './service';

const tags: ApiTag[] = ['Downloads'];

const tokenParams = z.object({ token: z.string().max(2000) });
const fileAnswer = { 200: fileResponse('The product file', ['application/octet-stream']) };

/** Signed links: the link itself is the credential, limited in time and revocable. */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // An admin's link to a file of a product under review (issued by POST /admin/products/{id}/files/{fileId}/link).
  app.get(
    '/review/:token',
    {
      schema: {
        operationId: 'downloadReviewFile',
        summary: 'Download a submitted product file for review (signed link)',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: tokenParams,
        response: fileAnswer,
      },
    },
    async (request, reply) => sendFile(reply, await resolveReviewToken(app.deps, request.params.token)),
  );

  app.get(
    '/:token',
    {
      schema: {
        operationId: 'downloadPurchasedFile',
        summary: 'Download a purchased product file (signed link)',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: tokenParams,
        response: fileAnswer,
      },
    },
    async (request, reply) =>
      sendFile(reply, await resolveDownloadToken(app.deps, request.params.token, request.method !== 'HEAD')),
  );

  // Always an attachment of no particular type: a seller's file is never rendered on our origin.
  async function sendFile(reply: FastifyReply, file: ProductFileRow) {
    const stream = await openFile(app.deps, file);
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-length', String(file.sizeBytes));
    reply.header('content-disposition', attachmentDisposition(file.fileName));
    reply.header('cache-control', 'private, no-store');
    return reply.send(stream);
  }
};
