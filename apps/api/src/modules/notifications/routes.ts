import { notificationListSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { listNotifications, markRead } from './service';

/** The signed-in user's notification centre. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, requireAuth());
  const response = { 200: notificationListSchema };
  app.get('/', { schema: { response } }, async (request) => listNotifications(app.deps, currentUser(request).id));
  app.put('/read-all', { schema: { response } }, async (request) => {
    await markRead(app.deps, currentUser(request).id, null);
    return listNotifications(app.deps, currentUser(request).id);
  });
  app.put(
    '/:id/read',
    { schema: { params: z.object({ id: z.uuid({ error: 'Notification not found' }) }), response } },
    async (request) => {
      await markRead(app.deps, currentUser(request).id, request.params.id);
      return listNotifications(app.deps, currentUser(request).id);
    },
  );
};
