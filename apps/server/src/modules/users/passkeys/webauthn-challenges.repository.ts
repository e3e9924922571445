import { randomBytes } from 'node:crypto';
import type { DbExecutor } from '../../../db/database.js';
import type { WebauthnChallengesTable } from '../../../db/schema.js';

/** How long a challenge may be answered: the WebAuthn ceremony's timeout too. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type ChallengePurpose = WebauthnChallengesTable['purpose'];

/**
 * A new random challenge (32 bytes, base64url), stored server-side for one ceremony of `purpose`
 * (and of one reader for `register` and `confirm`). Expired ones are deleted on the way.
 */
export async function issueChallenge(db: DbExecutor, purpose: ChallengePurpose, userId: number | null, now: number): Promise<string> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
  const challenge = randomBytes(32).toString('base64url');
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_TTL_MS })
    .execute();
  return challenge;
}

/**
 * Uses the challenge up: deleted whatever comes next, so it is answered at most once. True when it
 * was given for this purpose (and reader), unused and not expired.
 */
export async function consumeChallenge(
  db: DbExecutor,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
