import { notificationListSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { listNotifications, markRead } from './service';

const tags: ApiTag[] = ['Notifications'];

/** The signed-in user's notification centre. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, requireAuth());
  const response = { 200: notificationListSchema };
  app.get(
    '/',
    { schema: { operationId: 'listNotifications', summary: 'List the signed-in user’s notifications', tags, response } },
    async (request) => listNotifications(app.deps, currentUser(request).id),
  );
  app.put(
    '/read-all',
    { schema: { operationId: 'markAllNotificationsRead', summary: 'Mark every notification read', tags, response } },
    async (request) => {
      await markRead(app.deps, currentUser(request).id, null);
      return listNotifications(app.deps, currentUser(request).id);
    },
  );
  app.put(
    '/:id/read',
    {
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark one notification read',
        tags,
        params: z.object({ id: z.uuid({ error: 'Notification not found' }) }),
        response,
      },
    },
    async (request) => {
      await markRead(app.deps, currentUser(request).id, request.params.id);
      return listNotifications(app.deps, currentUser(request).id);
    },
  );
};
