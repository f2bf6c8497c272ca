import {
  adminLoginRequestSchema,
  authProvidersSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  messageSchema,
  noContentSchema,
  passwordChangedSchema,
  publicUserSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenVerifiedSchema,
  totpCodeSchema,
  totpEnrolmentSchema,
  totpStateSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../users/preferences';
import { presentUser } from '../users/present';
import { currentUser, requireAuth } from './guard';
import * as auth from './service';
import { clearSessionCookie, REFRESH_COOKIE, sendSession } from './session-reply';
import { currentFamily, endSession, rotateSession } from './sessions';
import { disableTotp, enableTotp, startTotpEnrolment } from './totp';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const authLimit = { rateLimit: { max: deps.config.rateLimit.authPerMinute, timeWindow: 60_000 } };
  // Every page load refreshes: its own generous limit per session, so a shared address never signs anyone out.
  const refreshLimit = {
    rateLimit: {
      keyGenerator: async (request: FastifyRequest) => {
        const family = await currentFamily(deps.db, null, request.cookies[REFRESH_COOKIE]);
        return family ? `session:${family}` : `ip:${request.ip ?? 'unknown'}`;
      },
      max: (_request: FastifyRequest, key: string) =>
        key.startsWith('session:') ? deps.config.rateLimit.refreshPerMinute : deps.config.rateLimit.refreshPerIpPerMinute,
      timeWindow: 60_000,
    },
  };

  const replySignedIn = (reply: FastifyReply, result: auth.SignedIn) => sendSession(reply, deps, result);
  const clearRefreshCookie = (reply: FastifyReply) => clearSessionCookie(reply, deps);

  const userAgent = (request: FastifyRequest) => request.headers['user-agent'];
  const caller = (request: FastifyRequest): auth.Caller => ({ ip: request.ip ?? '', userAgent: userAgent(request) });

  app.get('/providers', { schema: { response: { 200: authProvidersSchema } } }, async () => ({
    google_client_id: deps.google?.clientId ?? null,
  }));

  app.post(
    '/register',
    { schema: { body: registerRequestSchema, response: { 201: authResponseSchema } }, config: authLimit },
    async (request, reply) => {
      const result = await auth.registerUser(deps, request.body, userAgent(request));
      reply.code(201);
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema } }, config: authLimit },
    async (request, reply) => {
      const result = await auth.loginUser(deps, request.body, caller(request));
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/admin/login',
    { schema: { body: adminLoginRequestSchema, response: { 200: authResponseSchema } }, config: authLimit },
    async (request, reply) => {
      const result = await auth.loginWithRole(deps, request.body, ['admin'], 'Admin access required', caller(request));
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/google',
    { schema: { body: googleLoginRequestSchema, response: { 200: authResponseSchema } }, config: authLimit },
    async (request, reply) => {
      const result = await auth.loginWithGoogle(deps, request.body.token, userAgent(request));
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/refresh',
    { config: refreshLimit, schema: { response: { 200: authResponseSchema, 204: noContentSchema } } },
    async (request, reply) => {
      // An anonymous visitor has nothing to refresh: say so without an error status.
      if (!request.cookies[REFRESH_COOKIE]) return reply.code(204).send(null);
      try {
        const result = await rotateSession(deps, request.cookies[REFRESH_COOKIE], userAgent(request));
        return replySignedIn(reply, result);
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post('/logout', { schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    await endSession(deps.db, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return reply.code(204).send(null);
  });

  app.post('/verify', { onRequest: requireAuth(), schema: { response: { 200: tokenVerifiedSchema } } }, async (request) => ({
    valid: true as const,
    user: presentUser(currentUser(request)),
  }));

  app.get('/me', { onRequest: requireAuth(), schema: { response: { 200: publicUserSchema } } }, async (request) =>
    presentUser(currentUser(request)),
  );

  app.post(
    '/change-password',
    { schema: { body: changePasswordRequestSchema, response: { 200: passwordChangedSchema } }, onRequest: requireAuth() },
    async (request, reply) => {
      const { current_password, new_password } = request.body;
      const result = await auth.changePassword(deps, currentUser(request), current_password, new_password, userAgent(request));
      return { message: 'Password changed. Other devices have been signed out.', ...replySignedIn(reply, result) };
    },
  );

  app.post(
    '/totp/setup',
    { onRequest: requireAuth('admin'), schema: { response: { 200: totpEnrolmentSchema } } },
    async (request) => startTotpEnrolment(deps, currentUser(request)),
  );
  app.post(
    '/totp/enable',
    { onRequest: requireAuth('admin'), schema: { body: totpCodeSchema, response: { 200: totpStateSchema } } },
    async (request) => enableTotp(deps, currentUser(request), request.body.code, request.cookies[REFRESH_COOKIE]),
  );
  app.post(
    '/totp/disable',
    { onRequest: requireAuth('admin'), schema: { body: totpCodeSchema, response: { 200: totpStateSchema } } },
    async (request) => disableTotp(deps, currentUser(request), request.body.code),
  );

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, response: { 200: messageSchema } }, config: authLimit },
    async (request) => {
      const { email } = request.body;
      const language = requestLanguage(request.headers);
      // Answered before the account is even looked up: storing and mailing a link happen after the
      // answer has gone, so it takes as long whether or not the account exists.
      deps.afterReply.run(
        () => auth.requestPasswordReset(deps, email, language),
        (error) => request.log.error({ err: error }, 'password reset link not sent'),
      );
      return { message: 'If an account exists for that email, a password reset link is on its way.' };
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: { 200: messageSchema } }, config: authLimit },
    async (request, reply) => {
      await auth.resetPassword(deps, request.body.token, request.body.new_password);
      clearRefreshCookie(reply);
      return { message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );
};
