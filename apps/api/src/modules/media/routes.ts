import { fileResponse } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';

const tags: ApiTag[] = ['Media'];

/** Public images: avatars and product images. Product files are never served from here. */
const PUBLIC_FOLDERS = ['avatars', 'product-images'] as const;
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:folder/:file',
    {
      schema: {
        operationId: 'getMediaFile',
        summary: 'Download a stored image',
        tags,
        params: z.object({
          folder: z.enum(PUBLIC_FOLDERS, { error: 'File not found' }),
          // Storage keys start with a letter or digit: '-x.png' is no file of ours.
          file: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9-]*\.(png|jpg|gif|webp|svg)$/, 'File not found'),
        }),
        response: { 200: fileResponse('The image', Object.values(CONTENT_TYPES)) },
      },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      const stream = await app.deps.storage.get(`${folder}/${file}`);
      if (!stream) throw new AppError('NOT_FOUND', 'File not found');
      const ext = file.split('.').pop() ?? '';
      reply.header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      // An image opened directly must never run script, even an SVG.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(stream);
    },
  );
};
