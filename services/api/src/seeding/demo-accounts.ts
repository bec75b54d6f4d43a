/**
 * Demo accounts (`DEMO_ACCOUNTS=true`, which `npm start` sets): a customer, an admin and a
 * developer, each given a fresh random password at every start, printed to the log. No
 * default credentials exist otherwise. Their roles are granted with the bare `grantRole`: the
 * demo staff are not asked to enrol 2FA (the enrolment applies to staff the store grants).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomToken } from '../lib/crypto.ts';
import type { Clock } from '../lib/clock.ts';
import { grantRole, Profile, User, findUserByEmail, hashPassword } from '../modules/identity/index.ts';
import type { RoleName } from '@prata/contracts';

export const DEMO_ACCOUNTS: { email: string; fullName: string; roles: RoleName[] }[] = [
  { email: 'cliente@demo.prata925.com.br', fullName: 'Cliente Demonstração', roles: [] },
  { email: 'admin@demo.prata925.com.br', fullName: 'Admin Demonstração', roles: ['admin'] },
  { email: 'dev@demo.prata925.com.br', fullName: 'Dev Demonstração', roles: ['admin', 'developer'] },
];

/** Creates or resets the demo accounts; returns their e-mails and new passwords. */
export async function seedDemoAccounts(em: EntityManager, clock: Clock): Promise<{ email: string; password: string; roles: RoleName[] }[]> {
  const out: { email: string; password: string; roles: RoleName[] }[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    // Random, and strong enough for the panel rule staff passwords follow.
    const password = `Demo-${randomToken(9)}-925`;
    const passwordHash = await hashPassword(password);
    let user = await findUserByEmail(em, demo.email);
    if (user) {
      user.passwordHash = passwordHash;
      user.passwordMeetsStaffRule = true;
      user.loginAttempts = 0;
    } else {
      user = em.create(User, { email: demo.email, passwordHash, passwordMeetsStaffRule: true, emailConfirmedAt: clock.now() });
      em.create(Profile, { user, fullName: demo.fullName, email: demo.email });
    }
    await em.flush();
    for (const role of demo.roles) {
      await grantRole(em, user.id, role, null).catch(() => undefined); // the admin cap may already be reached
    }
    out.push({ email: demo.email, password, roles: demo.roles });
  }
  return out;
}
