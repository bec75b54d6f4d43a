/**
 * The identity module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { requestMeta } from './request-meta.ts';
export { RECOVER_PER_EMAIL, RESEND_CONFIRMATION_MESSAGE, RESEND_CONFIRMATION_PER_EMAIL } from './email-limits.ts';
export { AdminAccountsService, ROLE_GRANT_LOCK, grantRole, grantStaffRole } from './admin-accounts.service.ts';
export { deleteStaleLoginFailures, reauthenticate } from './credentials.ts';
export {
  AdminRegistration,
  AdminRegistrationSchema,
  MfaChallengeSchema,
  OneTimeToken,
  OneTimeTokenSchema,
  OwnerSetupTokenSchema,
  Profile,
  ProfileSchema,
  RecoveryCode,
  RecoveryCodeSchema,
  RefreshToken,
  RefreshTokenSchema,
  User,
  UserRole,
  UserRoleSchema,
  UserSchema,
} from './identity.entities.ts';
export { findUserByEmail } from './identity.repository.ts';
export { hashPassword } from './passwords.ts';
export { liveSessionRoles } from './live-session.ts';
