import {
  affiliateCodeSchema,
  affiliateDashboardSchema,
  affiliateOverviewSchema,
  affiliateSaleListSchema,
  affiliateSettingsUpdateSchema,
  affiliateSettingsViewSchema,
  affiliateVisitSchema,
  pagingQuerySchema,
  STANDARD_PAGING,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { payoutAccountRoutes } from '../payouts';
import { affiliateOverview, getAffiliateDashboard, listAffiliateSales } from './dashboard';
import { presentAffiliateSettings, readAffiliateSettings, updateAffiliateSettings } from './settings';
import { recordReferralVisit, safeLandingPath, type Visitor } from './visits';

const tags: ApiTag[] = ['Affiliates'];

const pageQuery = pagingQuerySchema(STANDARD_PAGING);
/** A script could hit a link in a loop: clicks are deduped per visitor and day, and this caps the work. */
const visitLimit = (perMinute: number) => ({ rateLimit: { max: perMinute, timeWindow: 60_000 } });

function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip ?? 'unknown' };
}

/** The member's side (/api/v1/affiliates): link and figures, referred sales, payout account; `visits` is public. */
export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const signedIn = { onRequest: requireAuth() };

  // The `?ref=<code>` form of a link: the storefront forwards the code; the server decides and sets the cookie.
  app.post(
    '/visits',
    {
      config: visitLimit(deps.config.affiliates.visitsPerMinute),
      schema: {
        operationId: 'recordReferralVisit',
        summary: 'Record a visit through a referral code',
        tags,
        body: affiliateVisitSchema,
        response: { 200: z.object({ attributed: z.boolean() }) },
      },
    },
    async (request, reply) => ({
      attributed: await recordReferralVisit(deps, reply, request.body.code, visitorOf(request)),
    }),
  );

  app.get(
    '/me',
    {
      ...signedIn,
      schema: {
        operationId: 'getAffiliateDashboard',
        summary: 'Return the signed-in user’s referral link and earnings',
        tags,
        response: { 200: affiliateDashboardSchema },
      },
    },
    async (request) => getAffiliateDashboard(deps, currentUser(request).id),
  );

  app.get(
    '/me/sales',
    {
      ...signedIn,
      schema: {
        operationId: 'listAffiliateSales',
        summary: 'List the sales credited to the signed-in affiliate',
        tags,
        querystring: pageQuery,
        response: { 200: affiliateSaleListSchema },
      },
    },
    async (request) => listAffiliateSales(deps, currentUser(request).id, request.query.page, request.query.limit),
  );

  // Any member can be paid their commission: the payout run pays every user with an account (payouts/transfers.ts).
  payoutAccountRoutes(app, {
    guard: signedIn.onRequest,
    owner: currentUser,
    tags,
    operationIds: {
      get: 'getAffiliatePayoutAccount',
      save: 'saveAffiliatePayoutAccount',
      delete: 'deleteAffiliatePayoutAccount',
    },
    ownerNoun: 'affiliate',
  });
};

/** Programme settings and the overview of members (/api/v1/affiliates/admin). Admins only. */
export const adminAffiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/settings',
    {
      schema: {
        operationId: 'getAffiliateSettings',
        summary: 'Return the affiliate programme’s settings',
        tags,
        response: { 200: affiliateSettingsViewSchema },
      },
    },
    async () => presentAffiliateSettings(await readAffiliateSettings(deps.db), deps.config.platformFeePercent),
  );

  app.put(
    '/settings',
    {
      schema: {
        operationId: 'updateAffiliateSettings',
        summary: 'Change the affiliate programme’s settings',
        tags,
        body: affiliateSettingsUpdateSchema,
        response: { 200: affiliateSettingsViewSchema },
      },
    },
    async (request) => updateAffiliateSettings(deps, { id: currentUser(request).id, ip: request.ip ?? null }, request.body),
  );

  app.get(
    '/affiliates',
    {
      schema: {
        operationId: 'listAffiliates',
        summary: 'List affiliates with their visits and earnings',
        tags,
        querystring: pageQuery,
        response: { 200: affiliateOverviewSchema },
      },
    },
    async (request) => affiliateOverview(deps, request.query.page, request.query.limit),
  );
};

/**
 * `/r/<code>` (outside the API, so the link is short and works without JavaScript): counts the
 * click, sets the attribution cookie and sends the visitor on to `to` (a path on this site) or home.
 */
export const referralLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/r/:code',
    {
      config: visitLimit(deps.config.affiliates.visitsPerMinute),
      schema: {
        hide: true,
        params: z.object({ code: z.string().max(64) }),
        querystring: z.object({ to: z.string().max(500).optional() }),
      },
    },
    async (request, reply) => {
      const code = affiliateCodeSchema.safeParse(request.params.code);
      if (code.success) await recordReferralVisit(deps, reply, code.data, visitorOf(request));
      reply.header('cache-control', 'no-store');
      return reply.redirect(safeLandingPath(request.query.to), 302);
    },
  );
};
