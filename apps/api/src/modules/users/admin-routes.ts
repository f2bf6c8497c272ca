import { adminUserChangeSchema, adminUserListSchema, adminUserUpdateSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams, nonEmptyUpdate } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { adminUsersQuery, listUsers, updateUserByAdmin } from './admin';

const tags: ApiTag[] = ['Users'];

const userParams = idParams('User not found');

/** Accounts in the admin console (registered under /admin). Every route: role admin only. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/users',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'List user accounts',
        tags,
        querystring: adminUsersQuery,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => listUsers(deps, request.query),
  );
  app.put(
    '/users/:id',
    {
      schema: {
        operationId: 'updateUser',
        summary: 'Change a user’s role or suspend or reinstate them',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: userParams,
        body: nonEmptyUpdate(adminUserUpdateSchema),
        response: { 200: adminUserChangeSchema },
      },
    },
    async (request) => updateUserByAdmin(deps, currentUser(request), request.params.id, request.body),
  );
};
