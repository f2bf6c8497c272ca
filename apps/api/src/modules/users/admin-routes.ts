import { adminUserChangeSchema, adminUserListSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, nonEmptyUpdate } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { adminUsersQuery, adminUserUpdateSchema, listUsers, updateUserByAdmin } from './admin';

const userParams = idParams('User not found');

/** Accounts in the admin console (registered under /admin). Every route: role admin only. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get('/users', { schema: { querystring: adminUsersQuery, response: { 200: adminUserListSchema } } }, async (request) =>
    listUsers(deps, request.query),
  );
  app.put(
    '/users/:id',
    {
      schema: { params: userParams, body: nonEmptyUpdate(adminUserUpdateSchema), response: { 200: adminUserChangeSchema } },
    },
    async (request) => updateUserByAdmin(deps, currentUser(request), request.params.id, request.body),
  );
};
