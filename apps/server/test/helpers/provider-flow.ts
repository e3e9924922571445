import { expect } from 'vitest';
import { nextClientIp, type Injected } from './factories.js';
import type { TestContext } from './test-context.js';

/** One browser of a provider sign-in: its cookie of the flow (the flow's binding) and its address. */
export interface FlowBrowser {
  cookie: string;
  ip: string;
}

/**
 * The browser arriving back at the site's callback of a provider (OpenID or WeChat): where it is
 * sent next, the fragment of /sign-in/finish (the one-time result or the refusal's code), with
 * nothing of the flow in the address's query.
 */
export async function arriveAtCallback(ctx: TestContext, callbackUrl: URL, browser: FlowBrowser | null): Promise<URLSearchParams> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: browser ? { cookie: browser.cookie } : {},
    remoteAddress: browser?.ip ?? nextClientIp(),
  });
  expect(response.statusCode, response.body).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${ctx.config.publicUrl}/sign-in/finish`);
  expect(location.search).toBe('');
  return new URLSearchParams(location.hash.slice(1));
}

/** A step of a finished provider sign-in (`result`, `two-step`, `create-account`, …) from that browser. */
export const externalStep = (ctx: TestContext, step: string, browser: FlowBrowser | null, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sign-in/external/${step}`,
    payload,
    headers: browser ? { cookie: browser.cookie } : {},
    remoteAddress: browser?.ip ?? nextClientIp(),
  }) as Promise<Injected>;
