import { setAccountNotice } from '../../lib/account-notice';
import { api, ApiError } from '../../lib/api-client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** How long a login waits for the merge before going on (it is retried at the next visit). */
const MERGE_WAIT_MS = 3_000;

/**
 * A visitor's reading progress moves into the account at login. The visitor id is remembered
 * until the server confirms, so a merge cut short (network, the page reloading) runs again on the
 * next visit instead of losing what the visitor read.
 */
export async function mergeVisitorProgress(visitorId: string | null): Promise<void> {
  if (visitorId) writeStorage(STORAGE_KEYS.pendingProgressMerge, visitorId);
  const pending = readStorage(STORAGE_KEYS.pendingProgressMerge);
  if (!pending || !readStorage(STORAGE_KEYS.token)) return;
  const merge = api.mergeProgress(pending).then(
    () => removeStorage(STORAGE_KEYS.pendingProgressMerge),
    (error: unknown) => {
      // A refused id (malformed, not ours to fix by retrying) is dropped; anything else is kept for later.
      if (error instanceof ApiError && error.status === 400) removeStorage(STORAGE_KEYS.pendingProgressMerge);
    },
  );
  await Promise.race([merge, new Promise((resolve) => setTimeout(resolve, MERGE_WAIT_MS))]);
}

/**
 * A session the server just issued (any way of signing in: password, passkey, a provider): kept
 * in storage as the app reads it, and what the visitor read becomes the account's (the visitor id
 * is deleted at login). Ext (issue 43): a sign-in during the grace period cancelled the account's
 * deletion; the page after the sign-in says so, whichever way the reader came in.
 */
export async function storeSignedInSession(login: {
  jwt_token: string;
  uuid: string;
  username: string;
  deletion_cancelled?: boolean | undefined;
}): Promise<void> {
  if (login.deletion_cancelled === true) setAccountNotice({ kind: 'deletion-cancelled' });
  writeStorage(STORAGE_KEYS.token, login.jwt_token);
  writeStorage(STORAGE_KEYS.userUuid, login.uuid);
  writeStorage(STORAGE_KEYS.username, login.username);
  const visitorId = readStorage(STORAGE_KEYS.visitorId);
  removeStorage(STORAGE_KEYS.visitorId);
  await mergeVisitorProgress(visitorId);
}
