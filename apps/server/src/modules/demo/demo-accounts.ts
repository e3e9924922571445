import type { Db } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import { insertGrantOnce } from '../membership/membership.repository.js';
import { hashPassword } from '../users/password.js';
import { insertUserIfNameFree } from '../users/users.repository.js';
import { usernameSkeleton } from '../users/username-skeleton.js';
import { usernameKey } from '../users/users.service.js';
import { confirmAddress } from './demo.repository.js';

/** Demo accounts listed in the README, so a newcomer can try every membership state. */
export const DEMO_ACCOUNTS = [
  { username: 'demomember', password: 'member2026', inviteCode: 'DEMOMEMB', membership: 'running', email: 'demomember@example.com' },
  { username: 'demoexpired', password: 'expired2026', inviteCode: 'DEMOEXPD', membership: 'expired', email: 'demoexpired@example.com' },
] as const;

export async function createDemoAccounts(db: Db, now: number): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const userId = await insertUserIfNameFree(db, {
      uuid: crypto.randomUUID(),
      username: account.username,
      username_key: usernameKey(account.username),
      username_skeleton: usernameSkeleton(account.username),
      password_hash: await hashPassword(account.password),
      role: 'user',
      invite_code: account.inviteCode,
      invited_by: null,
      user_type: 'inkstream',
      created_at: now - 90 * DAY_MS,
    });
    if (userId === null) continue; // kept from an earlier start
    // A confirmed address (example.com never receives mail): "Forgot password?" works on the demo,
    // its message lands in DATA_DIR/mail/ as an .eml file (no SMTP_URL) and in the console's Outbox.
    await confirmAddress(db, userId, account.email, now - 90 * DAY_MS);
    const startsAt = account.membership === 'running' ? now : now - 60 * DAY_MS;
    const days = account.membership === 'running' ? 365 : 30;
    await insertGrantOnce(db, {
      user_id: userId,
      source: 'admin',
      source_ref: `demo-${account.username}`,
      starts_at: startsAt,
      ends_at: startsAt + days * DAY_MS,
      note: 'demo account',
      created_at: startsAt,
      grant_months: null,
      grant_days: days,
    });
  }
}
