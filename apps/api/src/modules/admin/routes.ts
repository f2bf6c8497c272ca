import {
  adminDashboardStatsSchema,
  adminStatsOverTimeSchema,
  adminSystemStatusSchema,
  announcementSentSchema,
  NOTIFICATION_TYPES,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { guardEveryRoute, requireAuth } from '../auth/guard';
import { announce } from '../notifications/service';
import { dashboardStats, statsOverTime, systemStatus } from './dashboard';

const tags: ApiTag[] = ['Admin'];

export const announcementSchema = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(120),
  message: z.string().trim().min(5, 'Message must be at least 5 characters').max(2000),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
  audience: z.enum(['all', 'buyer', 'seller', 'admin', 'simple_admin']).default('all'),
});

/** The admin console's API (spec §7 Admin). Every route: role admin only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/system-status',
    {
      schema: {
        operationId: 'getSystemStatus',
        summary: 'Report the state of the database, storage, mail and payments',
        tags,
        response: { 200: adminSystemStatusSchema },
      },
    },
    async () => systemStatus(deps),
  );
  app.get(
    '/dashboard/stats',
    {
      schema: {
        operationId: 'getDashboardStats',
        summary: 'Return the admin dashboard’s figures',
        tags,
        response: { 200: adminDashboardStatsSchema },
      },
    },
    async () => dashboardStats(deps),
  );
  app.get(
    '/stats',
    {
      schema: {
        operationId: 'getStats',
        summary: 'Return daily statistics over a period',
        tags,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: { 200: adminStatsOverTimeSchema },
      },
    },
    async (request) => statsOverTime(deps, request.query.days),
  );

  app.post(
    '/notifications',
    {
      schema: {
        operationId: 'broadcastNotification',
        summary: 'Send a notification to users',
        tags,
        body: announcementSchema,
        response: { 201: announcementSentSchema },
      },
    },
    async (request, reply) => {
      const { audience, ...note } = request.body;
      const sent = await announce(deps, note, audience === 'all' ? null : audience);
      reply.code(201);
      return { message: `Announcement sent to ${sent} users`, sent };
    },
  );
};
