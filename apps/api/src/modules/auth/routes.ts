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
import type { ApiTag } from '../../lib/openapi';
import { presentUser } from '../users/present';
import { requestLanguage } from '../users/service';
import { currentUser, requireAuth } from './guard';
import * as auth from './service';
import { clearSessionCookie, REFRESH_COOKIE, sendSession } from './session-reply';
import { currentFamily, endSession, rotateSession } from './sessions';
import { disableTotp, enableTotp, startTotpEnrolment } from './totp';

const tags: ApiTag[] = ['Auth'];

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

  app.get(
    '/providers',
    {
      schema: {
        operationId: 'listAuthProviders',
        summary: 'List the sign-in providers this server offers',
        tags,
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({
      google_client_id: deps.google?.clientId ?? null,
    }),
  );

  app.post(
    '/register',
    {
      schema: {
        operationId: 'register',
        summary: 'Create a buyer account and sign in',
        tags,
        errorCodes: ['CONFLICT'],
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
      config: authLimit,
    },
    async (request, reply) => {
      const result = await auth.registerUser(deps, request.body, userAgent(request));
      reply.code(201);
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        operationId: 'login',
        summary: 'Sign in with e-mail and password',
        tags,
        errorCodes: ['UNAUTHORIZED', 'TOTP_REQUIRED', 'FORBIDDEN'],
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
      config: authLimit,
    },
    async (request, reply) => {
      const result = await auth.loginUser(deps, request.body, caller(request));
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/admin/login',
    {
      schema: {
        operationId: 'loginAdmin',
        summary: 'Sign in as an admin (password and second factor)',
        tags,
        errorCodes: ['UNAUTHORIZED', 'TOTP_REQUIRED', 'FORBIDDEN'],
        body: adminLoginRequestSchema,
        response: { 200: authResponseSchema },
      },
      config: authLimit,
    },
    async (request, reply) => {
      const result = await auth.loginWithRole(deps, request.body, ['admin'], 'Admin access required', caller(request));
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/google',
    {
      schema: {
        operationId: 'loginWithGoogle',
        summary: 'Sign in or sign up with a Google ID token',
        tags,
        errorCodes: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
        body: googleLoginRequestSchema,
        response: { 200: authResponseSchema },
      },
      config: authLimit,
    },
    async (request, reply) => {
      const result = await auth.loginWithGoogle(deps, request.body.token, userAgent(request));
      return replySignedIn(reply, result);
    },
  );

  app.post(
    '/refresh',
    {
      config: refreshLimit,
      schema: {
        operationId: 'refreshSession',
        summary: 'Trade the refresh cookie for a new access token',
        tags,
        errorCodes: ['UNAUTHORIZED'],
        response: { 200: authResponseSchema, 204: noContentSchema },
      },
    },
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

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        summary: 'End the session of the refresh cookie',
        tags,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await endSession(deps.db, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/verify',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'verifyToken',
        summary: 'Check the access token and return its user',
        tags,
        response: { 200: tokenVerifiedSchema },
      },
    },
    async (request) => ({
      valid: true as const,
      user: presentUser(currentUser(request)),
    }),
  );

  app.get(
    '/me',
    {
      onRequest: requireAuth(),
      schema: { operationId: 'getSignedInUser', summary: 'Return the signed-in user', tags, response: { 200: publicUserSchema } },
    },
    async (request) => presentUser(currentUser(request)),
  );

  app.post(
    '/change-password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password and sign out other devices',
        tags,
        body: changePasswordRequestSchema,
        response: { 200: passwordChangedSchema },
      },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      const { current_password, new_password } = request.body;
      const result = await auth.changePassword(deps, currentUser(request), current_password, new_password, userAgent(request));
      return { message: 'Password changed. Other devices have been signed out.', ...replySignedIn(reply, result) };
    },
  );

  app.post(
    '/totp/setup',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'startTotpSetup',
        summary: 'Start setting up two-factor sign-in',
        tags,
        errorCodes: ['CONFLICT'],
        response: { 200: totpEnrolmentSchema },
      },
    },
    async (request) => startTotpEnrolment(deps, currentUser(request)),
  );
  app.post(
    '/totp/enable',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'enableTotp',
        summary: 'Turn two-factor sign-in on with a first code',
        tags,
        errorCodes: ['CONFLICT'],
        body: totpCodeSchema,
        response: { 200: totpStateSchema },
      },
    },
    async (request) => enableTotp(deps, currentUser(request), request.body.code, request.cookies[REFRESH_COOKIE]),
  );
  app.post(
    '/totp/disable',
    {
      onRequest: requireAuth('admin'),
      schema: {
        operationId: 'disableTotp',
        summary: 'Turn two-factor sign-in off',
        tags,
        body: totpCodeSchema,
        response: { 200: totpStateSchema },
      },
    },
    async (request) => disableTotp(deps, currentUser(request), request.body.code),
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Send a password reset link, if the account exists',
        tags,
        body: forgotPasswordRequestSchema,
        response: { 200: messageSchema },
      },
      config: authLimit,
    },
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
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link token',
        tags,
        body: resetPasswordRequestSchema,
        response: { 200: messageSchema },
      },
      config: authLimit,
    },
    async (request, reply) => {
      await auth.resetPassword(deps, request.body.token, request.body.new_password);
      clearRefreshCookie(reply);
      return { message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );
};
