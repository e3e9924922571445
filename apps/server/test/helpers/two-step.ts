import { generate } from 'otplib';
import { expect } from 'vitest';
import { authHeader, postApi, type TestUser } from './factories.js';
import type { TestContext } from './test-context.js';

/** The authenticator app: the code of the 30-second step `steps` away from now (RFC 6238, SHA-1, 6 digits). */
export const totpCodeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Sets two-step sign-in up and turns it on through the API; the secret and the ten recovery codes. */
export async function enableTwoStep(ctx: TestContext, user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const post = (url: string, payload: Record<string, unknown>) => postApi(ctx, url, payload, authHeader(user));
  const setup = await post('/user/totp/setup', { password: user.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().data.result.secret as string;
  const enabled = await post('/user/totp/enable', { code: await totpCodeAt(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().data.result.recovery_codes as string[] };
}
