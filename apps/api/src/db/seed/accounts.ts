import { hashPassword } from '../../lib/passwords';
import { ensureVerifiedAccount } from '../../modules/users/service';
import type { Database } from '../client';

/** Demo accounts of the embedded default, listed in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'buyer@example.com', password: 'Buyer-demo-2026', firstName: 'Ava', lastName: 'Buyer', role: 'buyer' },
  { email: 'seller@example.com', password: 'Seller-demo-2026', firstName: 'Sam', lastName: 'Seller', role: 'seller' },
  { email: 'admin@example.com', password: 'Admin-demo-2026', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
  {
    email: 'simpleadmin@example.com',
    password: 'Simple-admin-demo-2026',
    firstName: 'Sid',
    lastName: 'Moderator',
    role: 'simple_admin',
  },
] as const;

/** Creates each demo account that does not exist yet. */
export async function seedDemoAccounts(db: Database): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const { email, firstName, lastName, role, password } = account;
    const result = await ensureVerifiedAccount(db, { email, firstName, lastName, role }, () => hashPassword(password));
    if (result.created) created += 1;
  }
  return created;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: the first admin of a production install. */
export async function ensureBootstrapAdmin(db: Database, admin: { email: string; password: string }): Promise<boolean> {
  if (admin.password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const account = { email: admin.email, firstName: 'Site', lastName: 'Admin', role: 'admin' };
  const result = await ensureVerifiedAccount(db, account, () => hashPassword(admin.password));
  return result.created;
}
