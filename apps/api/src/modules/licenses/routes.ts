import {
  licenseActivationAnswerSchema,
  licenseSettingsAnswerSchema,
  licenseSettingsSchema,
  licenseVerificationSchema,
  messageSchema,
  ownedLicenseListSchema,
  sellerLicenseListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { licenseActivationSchema, licenseKeyCheckSchema, ownLicensesQuery, sellerLicensesQuery } from './schemas';
import {
  activateLicense,
  changeSellerLicense,
  deactivateLicense,
  getLicenseSettings,
  listOwnLicenses,
  listSellerLicenses,
  saveLicenseSettings,
  verifyLicense,
} from './service';

const tags: ApiTag[] = ['Licences'];

const CHECK_EXAMPLE = `Called by the seller's own software, without a token. Example:

    curl -X POST https://<this site>/api/v1/licenses/verify \\
      -H 'content-type: application/json' \\
      -d '{"product_id":"<product id>","key":"4F7K-9QX2-M3TB-8HZC-1WRD-6NVA"}'

A key that is not this product's (unknown key, unknown product, or both) answers 404 with the same body.
Limited per client address and per key (429 with Retry-After).`;

/** The public key checks, called by sellers' software: no token, limited per address (here) and per key (in the service). */
export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const limit = { rateLimit: { max: deps.config.licenses.perAddressPerMinute, timeWindow: 60_000 } };

  app.post(
    '/verify',
    {
      schema: {
        operationId: 'verifyLicense',
        summary: 'Check a licence key: valid, for which product, bought when, activations, refunded or disabled',
        description: CHECK_EXAMPLE,
        tags,
        errorCodes: ['NOT_FOUND'],
        body: licenseKeyCheckSchema,
        response: { 200: licenseVerificationSchema },
      },
      config: limit,
    },
    async (request) => verifyLicense(deps, request.body),
  );

  app.post(
    '/activate',
    {
      schema: {
        operationId: 'activateLicense',
        summary: 'Activate a licence key on one instance, within its activation limit',
        description: `${CHECK_EXAMPLE}\n\nThe same instance twice counts once (\`changed\`: false). 409 when the key is refunded, disabled or at its limit.`,
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        body: licenseActivationSchema,
        response: { 200: licenseActivationAnswerSchema },
      },
      config: limit,
    },
    async (request) => activateLicense(deps, request.body),
  );

  app.post(
    '/deactivate',
    {
      schema: {
        operationId: 'deactivateLicense',
        summary: 'Free a licence key’s activation on one instance',
        description: `${CHECK_EXAMPLE}\n\n404 as well when the instance is not activated with the key.`,
        tags,
        errorCodes: ['NOT_FOUND'],
        body: licenseActivationSchema,
        response: { 200: licenseActivationAnswerSchema },
      },
      config: limit,
    },
    async (request) => deactivateLicense(deps, request.body),
  );

  app.get(
    '/mine',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'listOwnLicenses',
        summary: 'List the signed-in buyer’s licence keys, with their state and activations',
        tags,
        querystring: ownLicensesQuery,
        response: { 200: ownedLicenseListSchema },
      },
    },
    async (request) => listOwnLicenses(deps, currentUser(request), request.query),
  );
};

const productParams = idParams('Product not found');
const keyParams = idParams('Licence key not found');

/** The seller's side: keys per product, and the keys sold, of their own products only. */
export const sellerLicenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Before the body is parsed: the anonymous get 401 and buyers 403 whatever they send.
  guardEveryRoute(app, requireAuth('seller', 'admin'));

  app.get(
    '/products/:id/license-settings',
    {
      schema: {
        operationId: 'getLicenseSettings',
        summary: 'Return whether a product of the seller issues licence keys, and their activation limit',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        response: { 200: licenseSettingsAnswerSchema },
      },
    },
    async (request) => getLicenseSettings(deps, currentUser(request), request.params.id),
  );

  app.put(
    '/products/:id/license-settings',
    {
      schema: {
        operationId: 'saveLicenseSettings',
        summary: 'Switch licence keys on or off for a product of the seller (limit null: unlimited)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        body: licenseSettingsSchema,
        response: { 200: licenseSettingsAnswerSchema },
      },
    },
    async (request) => saveLicenseSettings(deps, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/licenses',
    {
      config: { apiTokenScope: 'licenses:read' },
      schema: {
        operationId: 'listSellerLicenses',
        summary: 'List the licence keys sold for the seller’s products, with buyer, state and activations',
        tags,
        querystring: sellerLicensesQuery,
        response: { 200: sellerLicenseListSchema },
      },
    },
    async (request) => listSellerLicenses(deps, currentUser(request), request.query),
  );

  for (const [action, summary, message] of [
    ['disable', 'Disable a licence key of the seller’s product', 'Licence key disabled'],
    ['enable', 'Enable a licence key of the seller’s product again', 'Licence key enabled'],
    ['reset', 'Free every activation of a licence key of the seller’s product', 'Activations reset'],
  ] as const) {
    app.post(
      `/licenses/:id/${action}`,
      {
        schema: {
          operationId: `${action}SellerLicense`,
          summary,
          tags,
          errorCodes: action === 'enable' ? ['NOT_FOUND', 'CONFLICT'] : ['NOT_FOUND'],
          params: keyParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await changeSellerLicense(deps, currentUser(request), request.params.id, action);
        return { message };
      },
    );
  }
};
