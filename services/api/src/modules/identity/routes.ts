/**
 * Identity routes. Access per route as storefront.md 6 and admin.md 6:
 * - public: sign-up, e-mail confirmations (and asking for the sign-up confirmation again,
 *   also limited per address), sign-in (+ TOTP step, + the enrolment step of staff
 *   without 2FA: same limit as the TOTP step), refresh, sign-out, recovery,
 *   reset, admin registration (+ confirmation). Rate-limited per IP (the TOTP step has its own,
 *   stricter limit: TOTP_RATE_LIMIT_PER_MINUTE).
 * - customer (any signed-in user): /api/me, roles, profile, password, e-mail change.
 * - admin: security status, 2FA, panel password, registrations, users, developer setup
 *   (the activity log is in modules/audit).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRegistrationSchema,
  adminRegistrationSchemaOut,
  adminUserListQuerySchema,
  adminUserPageSchema,
  apiErrorSchema,
  changeEmailSchema,
  changePasswordSchema,
  developerSetupSchema,
  idParamsSchema,
  messageSchema,
  panelPasswordSchema,
  passwordStrengthResultSchema,
  passwordStrengthSchema,
  profileSchema,
  recoverSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  rolesSchema,
  securityStatusSchema,
  sessionSchema,
  sessionUserSchema,
  signInResultSchema,
  signInSchema,
  signUpSchema,
  tokenSchema,
  totpEnrolmentConfirmSchema,
  totpEnrolmentStartSchema,
  totpSignInSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  updateProfileSchema,
} from '@prata/contracts';
import { TooManyRequestsError } from '../../errors.ts';
import { SecretBox } from '../../lib/crypto.ts';
import { REFRESH_COOKIE, requireAuth, type TokenClaims } from '../../plugins/auth.ts';
import { announceAccessChange } from '../../events/access-changed.ts';
import { AccountService } from './account.service.ts';
import { AdminAccountsService } from './admin-accounts.service.ts';
import { AuthService } from './auth.service.ts';
import { rolesOf } from './identity.repository.ts';
import { passwordStrength } from './passwords.ts';
import { SessionService, type IssuedSession } from './session.service.ts';
import { TwoFactorService } from './two-factor.service.ts';
import { RECOVER_PER_EMAIL, RESEND_CONFIRMATION_MESSAGE, RESEND_CONFIRMATION_PER_EMAIL } from './email-limits.ts';
import { requestMeta } from './request-meta.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };


const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, clock, mailer } = app;
  const sessions = new SessionService({
    clock,
    signAccessToken: (userId, sessionId) =>
      app.jwt.sign({ sub: userId, typ: 'access', sid: sessionId } satisfies TokenClaims, { expiresIn: Math.floor(config.accessTokenTtlMs / 1000) }),
    accessTokenTtlMs: config.accessTokenTtlMs,
    refreshTokenTtlMs: config.refreshTokenTtlMs,
  });
  const twoFactor = new TwoFactorService(new SecretBox(config.encryptionKey), clock, config.storeName, sessions);
  const auth = new AuthService({ sessions, twoFactor, mailer, clock, shellUrl: config.shellUrl, storeName: config.storeName });
  const account = new AccountService({ mailer, clock, sessions, twoFactor, shellUrl: config.shellUrl, storeName: config.storeName });
  const admins = new AdminAccountsService(mailer, clock, config.shellUrl, config.storeName);
  const em = () => app.orm.em;
  const limit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } };
  const totpLimit = { rateLimit: { max: config.totpRateLimitPerMinute, timeWindow: 60_000 } };
  /** The signed-in caller and the session they keep when changing a credential. */
  const caller = (request: FastifyRequest) => {
    const { userId, sessionId } = requireAuth(request);
    return { userId, sessionId };
  };

  const cookieOptions = {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict' as const,
    // Secure over https, and always in production: a production cookie never travels in clear.
    secure: config.publicUrl.startsWith('https://') || config.production,
  };
  /** A notice to the account's address after 2FA is turned on: the owner learns of a 2FA change they did not make. */
  const sendTwoFactorNotice = async (to: string) => {
    const notice = em();
    const mail = app.mailer.queue(notice, {
      to,
      subject: `${app.config.storeName}: autenticação de dois fatores ativada`,
      text: `Olá!\n\nA autenticação de dois fatores da sua conta foi ativada com um novo aplicativo autenticador em ${app.clock.now().toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.\nSe não foi você, redefina sua senha agora e fale com o responsável pela loja.`,
    });
    await notice.flush();
    await app.mailer.dispatch(notice, [mail]);
  };
  const sendSession = (reply: FastifyReply, issued: IssuedSession) => {
    // The cookie lives as long as the session's absolute lifetime, not a fresh 30 days per refresh.
    const maxAge = Math.max(0, Math.floor((issued.refreshExpiresAt.getTime() - clock.now().getTime()) / 1000));
    void reply.setCookie(REFRESH_COOKIE, issued.refreshToken, { ...cookieOptions, maxAge });
    return issued.session;
  };

  // ---- public: accounts and sessions -------------------------------------------------------
  app.post('/api/auth/sign-up', { config: { access: 'public', ...limit }, schema: { body: signUpSchema, response: { 201: messageSchema, ...errors } } }, async (request, reply) => {
    await auth.signUp(em(), request.body, requestMeta(request));
    return reply.code(201).send({ message: 'Verifique seu email para confirmar a conta.' });
  });

  app.post('/api/auth/confirm-email', { config: { access: 'public', ...limit }, schema: { body: tokenSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await auth.confirmEmail(em(), request.body.token, requestMeta(request));
    return { message: 'Email confirmado! Agora você já pode entrar.' };
  });

  app.post('/api/auth/sign-in', { config: { access: 'public', ...limit }, schema: { body: signInSchema, response: { 200: signInResultSchema, ...errors } } }, async (request, reply) => {
    const outcome = await auth.signIn(em(), request.body, requestMeta(request));
    if (outcome.status === 'totp_required') return { status: 'totp_required' as const, challengeToken: outcome.challengeToken };
    if (outcome.status === 'totp_enrolment_required') return { status: 'totp_enrolment_required' as const, enrolmentToken: outcome.enrolmentToken };
    return { status: 'signed_in' as const, ...sendSession(reply, outcome.issued) };
  });

  // Sign-in enrolment of staff that must have 2FA (no session before it): secret + QR, then the first code.
  app.post(
    '/api/auth/sign-in/totp-enrolment',
    { config: { access: 'public', ...totpLimit }, schema: { body: totpEnrolmentStartSchema, response: { 200: twoFactorSetupSchema, ...errors } } },
    async (request) => auth.startEnrolment(em(), request.body.enrolmentToken),
  );

  app.post(
    '/api/auth/sign-in/totp-enrolment/confirm',
    { config: { access: 'public', ...totpLimit }, schema: { body: totpEnrolmentConfirmSchema, response: { 200: sessionSchema, ...errors } } },
    async (request, reply) => {
      const issued = await auth.confirmEnrolment(em(), request.body.enrolmentToken, request.body.code, requestMeta(request));
      await sendTwoFactorNotice(issued.session.user.email);
      return sendSession(reply, issued);
    },
  );

  app.post('/api/auth/sign-in/totp', { config: { access: 'public', ...totpLimit }, schema: { body: totpSignInSchema, response: { 200: sessionSchema, ...errors } } }, async (request, reply) => {
    const issued = await auth.signInWithSecondFactor(em(), request.body.challengeToken, request.body.code, requestMeta(request));
    return sendSession(reply, issued);
  });

  app.post('/api/auth/refresh', { config: { access: 'public' }, schema: { response: { 200: sessionSchema, ...errors } } }, async (request, reply) => {
    try {
      return sendSession(reply, await auth.refresh(em(), request.cookies[REFRESH_COOKIE], requestMeta(request)));
    } catch (error) {
      void reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      throw error;
    }
  });

  app.post('/api/auth/sign-out', { config: { access: 'public' }, schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    const userId = await auth.signOut(em(), request.cookies[REFRESH_COOKIE], requestMeta(request));
    // Its open websockets close now, in every process.
    if (userId) await announceAccessChange(app.events, em(), userId);
    void reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    return { message: 'Você foi desconectado com sucesso.' };
  });

  // Per IP (the route's limit) and per address (RECOVER_PER_EMAIL an hour, counted for any address,
  // known or not: security review 2026-11-29 #14, reset-mail bombing of a known customer from many IPs).
  const recoverPerEmail = app.createRateLimit({
    max: RECOVER_PER_EMAIL,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `recover:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
  app.post('/api/auth/recover', { config: { access: 'public', ...limit }, schema: { body: recoverSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    const verdict = await recoverPerEmail(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw new TooManyRequestsError('Muitas tentativas. Tente novamente em alguns minutos.');
    await auth.recover(em(), request.body.email);
    return { message: 'Se houver uma conta com este email, você receberá um link para redefinir a senha.' };
  });

  // A shopper whose confirmation e-mail never arrived asks for it again from the sign-in page.
  // Per IP (the route's limit) and per address (RESEND_CONFIRMATION_PER_EMAIL an hour, counted for any
  // address, known or not); the answer never says whether the account exists or is confirmed.
  const resendPerEmail = app.createRateLimit({
    max: RESEND_CONFIRMATION_PER_EMAIL,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `resend-confirmation:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
  app.post(
    '/api/auth/resend-confirmation',
    { config: { access: 'public', ...limit }, schema: { body: resendConfirmationSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      const verdict = await resendPerEmail(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw new TooManyRequestsError('Muitas tentativas. Tente novamente em alguns minutos.');
      await auth.resendConfirmation(em(), request.body.email, requestMeta(request));
      return { message: RESEND_CONFIRMATION_MESSAGE };
    },
  );

  app.post('/api/auth/reset-password', { config: { access: 'public', ...limit }, schema: { body: resetPasswordSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await auth.resetPassword(em(), request.body, requestMeta(request));
    return { message: 'Senha atualizada' };
  });

  app.post('/api/auth/confirm-email-change', { config: { access: 'public', ...limit }, schema: { body: tokenSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await account.confirmEmailChange(em(), request.body.token, requestMeta(request));
    return { message: 'Email alterado com sucesso.' };
  });

  app.post('/api/admin-registrations', {
    config: { access: 'public', ...limit },
    schema: { body: adminRegistrationSchema, response: { 201: z.object({ success: z.literal(true), message: z.string() }), ...errors } },
  }, async (request, reply) => reply.code(201).send(await admins.register(em(), request.body, requestMeta(request))));

  app.post('/api/admin-registrations/confirm', {
    config: { access: 'public', ...limit },
    schema: { body: tokenSchema, response: { 200: z.object({ status: z.enum(['approved', 'pending_approval']), message: z.string() }), ...errors } },
  }, async (request) => admins.confirm(em(), request.body.token, requestMeta(request)));

  // ---- customer: the signed-in user's own account -------------------------------------------
  app.get('/api/me', { config: { access: 'customer' }, schema: { response: { 200: z.object({ user: sessionUserSchema, roles: rolesSchema.shape.roles }), ...errors } } }, async (request) => {
    const { userId, roles } = requireAuth(request);
    const user = await account.user(em(), userId);
    const profile = await account.profile(em(), userId);
    return { user: { id: user.id, email: user.email, fullName: profile.fullName }, roles };
  });

  app.get('/api/me/roles', { config: { access: 'customer' }, schema: { response: { 200: rolesSchema, ...errors } } }, async (request) => ({
    roles: await rolesOf(em(), requireAuth(request).userId),
  }));

  app.get('/api/me/profile', { config: { access: 'customer' }, schema: { response: { 200: profileSchema, ...errors } } }, async (request) =>
    account.profile(em(), requireAuth(request).userId),
  );

  app.patch('/api/me/profile', { config: { access: 'customer' }, schema: { body: updateProfileSchema, response: { 200: profileSchema, ...errors } } }, async (request) =>
    account.updateProfile(em(), requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.post('/api/me/password', { config: { access: 'customer', ...limit }, schema: { body: changePasswordSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await account.changePassword(em(), caller(request), request.body, requestMeta(request));
    return { message: 'Senha Alterada' };
  });

  app.post('/api/me/email', { config: { access: 'customer', ...limit }, schema: { body: changeEmailSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await account.requestEmailChange(em(), caller(request), request.body, requestMeta(request));
    return { message: 'Verifique o novo email para confirmar a alteração.' };
  });

  // ---- admin: security, registrations, users, developers, logs -----------------------------
  app.get('/api/security/status', { config: { access: 'admin' }, schema: { response: { 200: securityStatusSchema, ...errors } } }, async (request) =>
    account.securityStatus(em(), requireAuth(request).userId),
  );

  app.post('/api/security/password-strength', { config: { access: 'admin' }, schema: { body: passwordStrengthSchema, response: { 200: passwordStrengthResultSchema, ...errors } } }, async (request) =>
    passwordStrength(request.body.password),
  );

  app.post('/api/security/password', { config: { access: 'admin', ...limit }, schema: { body: panelPasswordSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await account.changePanelPassword(em(), caller(request), request.body, requestMeta(request));
    return { message: 'Senha Alterada' };
  });

  app.post(
    '/api/security/2fa/setup',
    { config: { access: 'admin', ...limit }, schema: { body: twoFactorSetupRequestSchema, response: { 200: twoFactorSetupSchema, ...errors } } },
    async (request) => twoFactor.setup(em(), await account.user(em(), requireAuth(request).userId), request.body, requestMeta(request)),
  );

  app.post('/api/security/2fa/enable', { config: { access: 'admin', ...limit }, schema: { body: twoFactorCodeSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    const { userId, sessionId } = caller(request);
    const user = await account.user(em(), userId);
    await twoFactor.enable(em(), user, request.body.code, requestMeta(request), sessionId);
    await sendTwoFactorNotice(user.email);
    return { message: '2FA Ativado' };
  });

  app.post('/api/security/2fa/disable', { config: { access: 'admin', ...limit }, schema: { body: twoFactorDisableSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    const { userId, sessionId } = caller(request);
    await twoFactor.disable(em(), await account.user(em(), userId), request.body, requestMeta(request), sessionId);
    return { message: '2FA Desativado' };
  });

  app.get('/api/admin/registrations', { config: { access: 'admin' }, schema: { response: { 200: z.array(adminRegistrationSchemaOut), ...errors } } }, async () =>
    admins.list(em()),
  );

  app.post('/api/admin/registrations/:id/approve', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await admins.approve(em(), request.params.id, requireAuth(request).userId, requestMeta(request));
    return { message: 'Administrador aprovado' };
  });

  app.post('/api/admin/registrations/:id/reject', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await admins.reject(em(), request.params.id, requireAuth(request).userId, requestMeta(request));
    return { message: 'Registro recusado' };
  });

  app.get('/api/admin/users', { config: { access: 'admin' }, schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserPageSchema, ...errors } } }, async (request) =>
    admins.users(em(), request.query),
  );

  app.post('/api/admin/developers', { config: { access: 'admin', ...limit }, schema: { body: developerSetupSchema, response: { 200: messageSchema, ...errors } } }, async (request) =>
    admins.setupDeveloper(em(), request.body, requireAuth(request).userId, requestMeta(request)),
  );
};

export default fp(identityRoutes, { name: 'identity-routes', encapsulate: true });
