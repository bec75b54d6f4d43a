/**
 * Accounts, sessions, roles, two-factor authentication and admin registration contracts.
 *
 * Sources: storefront.md 3-8 (sign-in, sign-up, recovery, reset, session), admin.md 2-9
 * (admin login and registration, developer setup, security, profile, 2FA constants).
 * Messages are the spec's pt-BR texts.
 */
import { isValidPhone } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';

/** Roles stored in user_roles; a user with none is a customer ('Usuário'). */
export const ROLE_NAMES = ['admin', 'developer'] as const;
export const roleNameSchema = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof roleNameSchema>;

/** At most this many administrators (admin.md 6, 9). */
export const MAX_ADMINS = 3;
/** Minimum lengths (storefront.md 5, admin.md 9). */
export const CUSTOMER_PASSWORD_MIN = 6;
export const ADMIN_REGISTRATION_PASSWORD_MIN = 8;
export const PANEL_PASSWORD_MIN = 12;
/** TOTP (admin.md 9): 6 digits, 30 s step, window of one step; 10 recovery codes of 8 A-Z0-9. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 8;

const email = z.string().trim().toLowerCase().max(255, 'Email muito longo').pipe(z.email({ error: 'Email inválido' }));
const requiredPassword = z.string().min(1, 'Senha é obrigatória').max(200, 'Senha muito longa');

export const signUpSchema = z.object({
  email,
  password: z.string().min(CUSTOMER_PASSWORD_MIN, 'A senha deve ter pelo menos 6 caracteres.').max(200, 'Senha muito longa'),
  fullName: z.string().trim().min(1, 'Nome completo é obrigatório').max(100, 'Nome muito longo'),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({ email, password: requiredPassword });
export type SignInInput = z.input<typeof signInSchema>;

/** Second sign-in step: a 6-digit TOTP code or an 8-character recovery code. */
export const totpSignInSchema = z.object({
  challengeToken: z.string().min(1),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{6}|[A-Z0-9]{8})$/, 'Por favor, insira um código de 6 dígitos.'),
});

export const sessionUserSchema = z.object({ id: z.uuid(), email: z.string(), fullName: z.string() });
export type SessionUserDto = z.infer<typeof sessionUserSchema>;

/** A signed-in session. The refresh token travels only in an httpOnly cookie. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  /** Lifetime of the access token, in ms. */
  expiresInMs: z.number().int().positive(),
  user: sessionUserSchema,
  roles: z.array(roleNameSchema),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * `POST /api/auth/sign-in`: a session, the TOTP step (staff with 2FA), or the enrolment step
 * (a staff account whose role grant requires 2FA and that has none
 * yet enrols an authenticator before any session is issued; `enrolmentToken` opens
 * `POST /api/auth/sign-in/totp-enrolment` and `/confirm`).
 */
export const signInResultSchema = z.discriminatedUnion('status', [
  sessionSchema.extend({ status: z.literal('signed_in') }),
  z.object({ status: z.literal('totp_required'), challengeToken: z.string() }),
  z.object({ status: z.literal('totp_enrolment_required'), enrolmentToken: z.string() }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/** Starts the sign-in enrolment step: the token of `totp_enrolment_required` (answered with a {@link twoFactorSetupSchema}). */
export const totpEnrolmentStartSchema = z.object({ enrolmentToken: z.string().min(16, 'Sessão de verificação expirada. Entre novamente.').max(200) });

/** Confirms the sign-in enrolment with the authenticator's first 6-digit code (answered with a session). */
export const totpEnrolmentConfirmSchema = z.object({
  enrolmentToken: z.string().min(16, 'Sessão de verificação expirada. Entre novamente.').max(200),
  code: z.string().trim().regex(/^\d{6}$/, 'Por favor, insira um código de 6 dígitos.'),
});

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const tokenSchema = z.object({ token: z.string().min(16).max(200) });

export const recoverSchema = z.object({ email });

/**
 * `POST /api/auth/resend-confirmation`: asks for the sign-up confirmation e-mail again.
 * Answered with the same neutral message whether or not an unconfirmed account has this address.
 */
export const resendConfirmationSchema = z.object({ email });
export type ResendConfirmationInput = z.infer<typeof resendConfirmationSchema>;

/** Reset with a recovery link (storefront.md 5). */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(16).max(200),
    password: z.string().min(CUSTOMER_PASSWORD_MIN, 'A senha deve ter pelo menos 6 caracteres.').max(200, 'Senha muito longa'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'As senhas não coincidem.', path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** `GET /api/me/roles` (replaces get_user_roles). */
export const rolesSchema = z.object({ roles: z.array(roleNameSchema) });

export const profileSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  /**
   * Brazilian phone, digits only with the area code (10 or 11 digits), or null. Absent
   * in answers of a service from before the profile had a phone: read as null.
   */
  phone: z.string().nullable().default(null),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Profile = z.infer<typeof profileSchema>;

/** A phone as typed ('(11) 98765-4321', '11987654321'), reduced to its digits. */
const phoneDigits = z
  .string()
  .trim()
  .max(20, 'Telefone muito longo')
  .transform((v) => v.replace(/\D/g, ''));

/**
 * A Brazilian phone: landline or mobile with its area code (DDD), validated by
 * brazilian-utils' `isValidPhone`; the output is the digits only, e.g. '11987654321'.
 */
export const brazilianPhoneSchema = phoneDigits.pipe(z.string().refine((v) => isValidPhone(v), 'Telefone inválido. Use DDD + número, ex.: (11) 98765-4321'));

/**
 * `PATCH /api/me/profile`: the name and, optionally, the phone. An omitted phone keeps
 * the stored one; an empty phone clears it (null).
 */
export const updateProfileSchema = z.object({
  fullName: z.string().trim().min(1, 'Nome completo é obrigatório').max(100, 'Nome muito longo'),
  phone: phoneDigits
    .pipe(z.union([z.literal(''), z.string().refine((v) => isValidPhone(v), 'Telefone inválido. Use DDD + número, ex.: (11) 98765-4321')]))
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** A phone's digits shown as '(11) 98765-4321' / '(11) 3456-7890'; other input is returned as is. */
export function formatBrazilianPhone(digits: string): string {
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

/** The current password, asked again before a credential changes. */
const currentPassword = z.string({ error: 'Senha atual é obrigatória' }).min(1, 'Senha atual é obrigatória').max(200, 'Senha muito longa');
/** A second-factor code: 6-digit TOTP or 8-character recovery code. */
const secondFactorCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(\d{6}|[A-Z0-9]{8})$/, 'Por favor, insira um código de 6 dígitos.');

/**
 * Profile password change (admin.md 5): the current password, then the new one
 * (>= 6 for customers, must match). Staff accounts (admin, developer) must also pass the panel
 * strength rule (>= 12, upper, lower, digit, special), checked on the server.
 */
export const changePasswordSchema = z
  .object({ currentPassword, password: z.string().min(CUSTOMER_PASSWORD_MIN, 'A senha deve ter pelo menos 6 caracteres.').max(200, 'Senha muito longa'), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'A nova senha e confirmação devem ser iguais.', path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * E-mail change (admin.md 5): new e-mail and the current password, plus the TOTP (or
 * recovery) code when the account has two-factor authentication on.
 */
export const changeEmailSchema = z.object({
  newEmail: z.string().trim().min(1, 'Preencha o novo email e a senha atual.').pipe(email),
  currentPassword: z.string().min(1, 'Preencha o novo email e a senha atual.').max(200, 'Senha muito longa'),
  code: secondFactorCode.optional(),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** Panel password change (admin.md 5): >= 12, must match; strength checked on the server. */
export const panelPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Senha atual é obrigatória'),
    newPassword: z.string().min(PANEL_PASSWORD_MIN, 'A senha deve ter pelo menos 12 caracteres.').max(200),
    confirmPassword: z.string().min(PANEL_PASSWORD_MIN, 'A senha deve ter pelo menos 12 caracteres.'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'As senhas não coincidem.', path: ['confirmPassword'] });

export const passwordStrengthSchema = z.object({ password: z.string().max(200) });
export const passwordStrengthResultSchema = z.object({ valid: z.boolean(), feedback: z.array(z.string()) });

/** get_security_status (admin.md 3). */
export const securityStatusSchema = z.object({
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  loginAttempts: z.number().int().nonnegative(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

/** Two-factor setup as generated by the server: shown once. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string().startsWith('otpauth://totp/'),
  recoveryCodes: z.array(z.string().regex(/^[A-Z0-9]{8}$/)).length(RECOVERY_CODE_COUNT),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeSchema = z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'Por favor, insira um código de 6 dígitos.'),
});

/** Turning 2FA off: the current password and a TOTP or recovery code. */
export const twoFactorDisableSchema = z.object({ currentPassword, code: secondFactorCode });

/**
 * `POST /api/security/2fa/setup`: the current password, and with 2FA
 * already on a current code (replacing the authenticator), so a stolen access token alone
 * cannot bind the account to another authenticator.
 */
export const twoFactorSetupRequestSchema = z.object({ currentPassword, code: secondFactorCode.optional() });
export type TwoFactorSetupRequest = z.input<typeof twoFactorSetupRequestSchema>;
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** Admin registration (admin.md 2, 5). */
export const adminRegistrationSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Nome completo é obrigatório').max(100, 'Nome muito longo'),
    email,
    password: z.string().min(ADMIN_REGISTRATION_PASSWORD_MIN, 'A senha deve ter pelo menos 8 caracteres').max(200),
    confirmPassword: z.string(),
    /**
     * The one-time owner setup token the service prints while the store has no admin.
     * With it the registration is the owner's: confirming the e-mail activates it at once, and
     * its password must pass the panel strength rule. Without it an admin must approve.
     */
    setupToken: z.string().min(16).max(200).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'As senhas não coincidem', path: ['confirmPassword'] });
export type AdminRegistrationInput = z.input<typeof adminRegistrationSchema>;

export const adminRegistrationStatusSchema = z.enum(['pending_confirmation', 'pending_approval', 'approved', 'rejected']);

export const adminRegistrationSchemaOut = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  status: adminRegistrationStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchemaOut>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/** Developer setup (admin.md 2, 5): all three fields required. */
export const developerSetupSchema = z.object({
  email: z.string().trim().min(1, 'Preencha todos os campos.').pipe(email),
  password: z.string().min(1, 'Preencha todos os campos.').max(200),
  fullName: z.string().trim().min(1, 'Preencha todos os campos.').max(100, 'Nome muito longo'),
});

/** A row of the users tab (admin.md 2). */
export const adminUserSchema = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(['admin', 'developer', 'user']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
