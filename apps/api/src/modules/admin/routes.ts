import {
  adminDashboardStatsSchema,
  adminStatsOverTimeSchema,
  adminSystemStatusSchema,
  announcementSentSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardEveryRoute, requireAuth } from '../auth/guard';
import { announce } from '../notifications/service';
import { dashboardStats, statsOverTime, systemStatus } from './dashboard';

export const announcementSchema = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(120),
  message: z.string().trim().min(5, 'Message must be at least 5 characters').max(2000),
  type: z.enum(['info', 'success', 'warning', 'error']).default('info'),
  audience: z.enum(['all', 'buyer', 'seller', 'admin', 'simple_admin']).default('all'),
});

/** The admin console's API (spec §7 Admin). Every route: role admin only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get('/system-status', { schema: { response: { 200: adminSystemStatusSchema } } }, async () => systemStatus(deps));
  app.get('/dashboard/stats', { schema: { response: { 200: adminDashboardStatsSchema } } }, async () => dashboardStats(deps));
  app.get(
    '/stats',
    {
      schema: {
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: { 200: adminStatsOverTimeSchema },
      },
    },
    async (request) => statsOverTime(deps, request.query.days),
  );

  app.post(
    '/notifications',
    { schema: { body: announcementSchema, response: { 201: announcementSentSchema } } },
    async (request, reply) => {
      const { audience, ...note } = request.body;
      const sent = await announce(deps, note, audience === 'all' ? null : audience);
      reply.code(201);
      return { message: `Announcement sent to ${sent} users`, sent };
    },
  );
};
