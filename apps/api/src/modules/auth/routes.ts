import {
  adminLoginRequestSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentUser } from '../users/present';
import { currentUser, requireAuth } from './guard';
import * as auth from './service';
import { endSession, rotateSession } from './sessions';

export const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/api/v1/auth';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const authLimit = { rateLimit: { max: deps.config.rateLimit.authPerMinute, timeWindow: 60_000 } };

  function setRefreshCookie(reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.cookieSecure,
      maxAge: deps.config.refreshTokenTtlDays * 86_400,
    });
  }

  function clearRefreshCookie(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.cookieSecure,
    });
  }

  function replySignedIn(reply: FastifyReply, result: auth.SignedIn) {
    setRefreshCookie(reply, result.refreshToken);
    return { user: presentUser(result.user), access_token: result.accessToken, token_type: 'bearer' as const };
  }

  const userAgent = (request: FastifyRequest) => request.headers['user-agent'];

  app.get('/providers', async () => ({ google_client_id: deps.google?.clientId ?? null }));

  app.post('/register', { schema: { body: registerRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.registerUser(deps, request.body, userAgent(request));
    reply.code(201);
    return replySignedIn(reply, result);
  });

  app.post('/login', { schema: { body: loginRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.loginUser(deps, request.body.email, request.body.password, userAgent(request));
    return replySignedIn(reply, result);
  });

  app.post('/admin/login', { schema: { body: adminLoginRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.loginAdmin(deps, request.body.email, request.body.password, userAgent(request));
    return replySignedIn(reply, result);
  });

  app.post('/google', { schema: { body: googleLoginRequestSchema }, config: authLimit }, async (request, reply) => {
    const result = await auth.loginWithGoogle(deps, request.body.token, userAgent(request));
    return replySignedIn(reply, result);
  });

  app.post('/refresh', { config: authLimit }, async (request, reply) => {
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
