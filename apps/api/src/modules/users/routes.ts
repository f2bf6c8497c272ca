import {
  AVATAR_MAX_BYTES,
  avatarUploadedSchema,
  noContentSchema,
  preferencesResponseSchema,
  preferencesUpdateSchema,
  publicUserSchema,
  updateProfileRequestSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { asMultipartError, nonEmptyUpdate } from '../../lib/validation';
import { currentUser, requireAuth } from '../auth/guard';
import { clearSessionCookie } from '../auth/service';
import { getPreferences, updatePreferences } from './preferences';
import { avatarUrl, presentUser } from './present';
import { deleteAccount, replaceAvatar, updateProfile } from './service';

const tags: ApiTag[] = ['Users'];

const TOO_LARGE = 'Image must be less than 5MB';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const signedIn = { onRequest: requireAuth() };

  app.get(
    '/me',
    {
      ...signedIn,
      schema: {
        operationId: 'getProfile',
        summary: 'Return the signed-in user’s profile',
        tags,
        response: { 200: publicUserSchema },
      },
    },
    async (request) => presentUser(currentUser(request)),
  );

  app.put(
    '/me',
    {
      ...signedIn,
      schema: {
        operationId: 'updateProfile',
        summary: 'Update the signed-in user’s profile',
        tags,
        errorCodes: ['NOT_FOUND'],
        body: nonEmptyUpdate(updateProfileRequestSchema),
        response: { 200: publicUserSchema },
      },
    },
    async (request) => presentUser(await updateProfile(deps, currentUser(request), request.body)),
  );

  app.get(
    '/me/preferences',
    {
      ...signedIn,
      schema: {
        operationId: 'getPreferences',
        summary: 'Return the signed-in user’s preferences',
        tags,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => ({
      preferences: await getPreferences(deps.db, currentUser(request).id),
    }),
  );

  app.put(
    '/me/preferences',
    {
      ...signedIn,
      schema: {
        operationId: 'updatePreferences',
        summary: 'Update the signed-in user’s preferences',
        tags,
        body: nonEmptyUpdate(preferencesUpdateSchema),
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => ({ preferences: await updatePreferences(deps, currentUser(request).id, request.body) }),
  );

  for (const [path, operationId] of [
    ['/me', 'deleteAccount'],
    ['/me/fixed', 'deleteAccountFixed'],
  ] as const) {
    const summary = 'Delete the signed-in user’s account and sign out';
    app.delete(
      path,
      { ...signedIn, schema: { operationId, summary, tags, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await deleteAccount(deps, currentUser(request));
        clearSessionCookie(reply, deps);
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/upload-avatar',
    {
      ...signedIn,
      schema: {
        operationId: 'uploadAvatar',
        summary: 'Upload a profile picture (multipart)',
        tags,
        errorCodes: ['NOT_FOUND'],
        response: { 200: avatarUploadedSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'Please select a valid image file');
      let data: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
        if (!file) throw new AppError('VALIDATION_FAILED', 'Please select a valid image file');
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
        throw asMultipartError(error);
      }
      const user = await replaceAvatar(deps, currentUser(request), data);
      return { success: true as const, avatar_url: avatarUrl(user.avatarKey), user: presentUser(user) };
    },
  );
};
