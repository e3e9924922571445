import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const DAY_MS = 86_400_000;

describe('token service', () => {
  it('verifies its own tokens, again from memory, and refuses them once expired', async () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = createTokenService(SECRET, () => now);
    const token = await tokens.issue({ userUuid: 'user-a', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userUuid: 'user-a', tokenVersion: 3 });
    // The second check is answered from the verified tokens; expiry still applies to it.
    now += 89 * DAY_MS;
    expect(await tokens.verify(token)).toEqual({ userUuid: 'user-a', tokenVersion: 3 });
    now += 2 * DAY_MS;
    expect(await tokens.verify(token)).toBeNull();
    // A fresh service (nothing remembered) agrees.
    expect(await createTokenService(SECRET, () => now).verify(token)).toBeNull();
  });

  it('refuses a token that differs from a verified one by a single character', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue({ userUuid: 'user-b', tokenVersion: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    // Not the last character: its low bits are padding in base64url, so some changes there decode
    // to the same signature (a test that failed one run in about sixteen). One in the middle of the
    // signature always changes its bytes.
    const at = token.length - 10;
    const changed = token[at] === 'A' ? 'B' : 'A';
    expect(await tokens.verify(token.slice(0, at) + changed + token.slice(at + 1))).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('refuses a token of another secret even after verifying the same claims of its own', async () => {
    const ours = createTokenService(SECRET);
    const theirs = createTokenService('another-secret-of-at-least-thirty-two-chars');
    expect(await ours.verify(await ours.issue({ userUuid: 'user-c', tokenVersion: 1 }))).not.toBeNull();
    expect(await ours.verify(await theirs.issue({ userUuid: 'user-c', tokenVersion: 1 }))).toBeNull();
  });
});
