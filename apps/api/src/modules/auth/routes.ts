import {
  adminLoginRequestSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  totpCodeSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.get('/providers', async () => ({ google_client_id: deps.google?.clientId ?? null }));

  app.post('/register', { schema: { body: registerRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.registerUser(deps, request.body, userAgent(request));
    reply.code(201);
    return replySignedIn(reply, result);
  });

  app.post('/login', { schema: { body: loginRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.loginUser(deps, request.body, caller(request));
    return replySignedIn(reply, result);
  });

  app.post('/admin/login', { schema: { body: adminLoginRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.loginWithRole(deps, request.body, ['admin'], 'Admin access required', caller(request));
    return replySignedIn(reply, result);
  });

  app.post('/google', { schema: { body: googleLoginRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.loginWithGoogle(deps, request.body.token, userAgent(request));
    return replySignedIn(reply, result);
  });

  app.post('/refresh', { config: refreshLimit }, async (request, reply) => {
    // An anonymous visitor has nothing to refresh: say so without an error status.
    if (!request.cookies[REFRESH_COOKIE]) return reply.code(204).send();
    try {
      const result = await rotateSession(deps, request.cookies[REFRESH_COOKIE], userAgent(request));
      return replySignedIn(reply, result);
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  app.post('/logout', async (request, reply) => {
    await endSession(deps.db, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return reply.code(204).send();
  });

  app.post('/verify', { preHandler: requireAuth() }, async (request) => ({
    valid: true,
    user: presentUser(currentUser(request)),
  }));

  app.get('/me', { preHandler: requireAuth() }, async (request) => presentUser(currentUser(request)));

  app.post(
    '/change-password',
    { schema: { body: changePasswordRequestSchema }, preHandler: requireAuth() },
    async (request, reply) => {
      const { current_password, new_password } = request.body;
      const result = await auth.changePassword(deps, currentUser(request), current_password, new_password, userAgent(request));
      return { message: 'Password changed. Other devices have been signed out.', ...replySignedIn(reply, result) };
    },
  );

  app.post('/totp/setup', { preHandler: requireAuth('admin') }, async (request) =>
    startTotpEnrolment(deps, currentUser(request)),
  );
  app.post('/totp/enable', { preHandler: requireAuth('admin'), schema: { body: totpCodeSchema } }, async (request) =>
    enableTotp(deps, currentUser(request), request.body.code, request.cookies[REFRESH_COOKIE]),
  );
  app.post('/totp/disable', { preHandler: requireAuth('admin'), schema: { body: totpCodeSchema } }, async (request) =>
    disableTotp(deps, currentUser(request), request.body.code),
  );

  app.post('/forgot-password', { schema: { body: forgotPasswordRequestSchema }, config: authLimit }, async (request) => {
    await auth.requestPasswordReset(deps, request.body.email);
    return { message: 'If an account exists for that email, a password reset link is on its way.' };
  });

  app.post('/reset-password', { schema: { body: resetPasswordRequestSchema }, config: authLimit }, async (request, reply) => {
    await auth.resetPassword(deps, request.body.token, request.body.new_password);
    clearRefreshCookie(reply);
    return { message: 'Your password has been reset. Please sign in with your new password.' };
  });
};
