import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth } from '../auth/guard';
import { listNotifications, markRead } from './service';

/** The signed-in user's notification centre. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAuth());
  app.get('/', async (request) => listNotifications(app.deps, currentUser(request).id));
  app.put('/read-all', async (request) => {
    await markRead(app.deps, currentUser(request).id, null);
    return listNotifications(app.deps, currentUser(request).id);
  });
  app.put('/:id/read', { schema: { params: z.object({ id: z.uuid({ error: 'Notification not found' }) }) } }, async (request) => {
    await markRead(app.deps, currentUser(request).id, request.params.id);
    return listNotifications(app.deps, currentUser(request).id);
  });
};
