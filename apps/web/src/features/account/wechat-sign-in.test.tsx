import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxPublicConfig } from '../../test-support/public-config';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { ProviderButtons, providersInOrder } from './ProviderButtons';
import { SandboxWechatLogin } from './SandboxWechatLogin';

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

const ALL = ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'];
const wechat = { id: 'wechat', name: 'WeChat', method: 'wechat' as const, languages: ALL, sandbox: true };
const corp = { id: 'corp', name: 'Corp ID', method: 'oidc' as const, languages: ALL, sandbox: false };
const frenchOnly = { id: 'fc', name: 'FranceConnect', method: 'oidc' as const, languages: ['fr-fr'], sandbox: false };

/** Where the browser was sent (window.location.assign). */
function watchNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('the sign-in providers (issue 60)', () => {
  it('puts WeChat first in Chinese and after the others elsewhere, and shows each provider only in its languages', () => {
    const offered = [corp, wechat, frenchOnly];
    expect(providersInOrder(offered, 'zh-cn').map((provider) => provider.id)).toEqual(['wechat', 'corp']);
    expect(providersInOrder(offered, 'en-us').map((provider) => provider.id)).toEqual(['corp', 'wechat']);
    expect(providersInOrder(offered, 'fr-fr').map((provider) => provider.id)).toEqual(['corp', 'fc', 'wechat']);
  });

  it('starts a WeChat sign-in on its own path and sends the browser to the page the server answers', async () => {
    const assign = watchNavigation();
    const api = stubApi({
      'GET /config/public': { status: 200, body: { data: { result: { ...sandboxPublicConfig(), sign_in_providers: [corp, wechat] } } } },
      'POST /sign-in/wechat/start': {
        status: 200,
        body: { data: { result: { authorization_url: 'http://localhost/sandbox/wechat-login?state=abc' } } },
      },
    });
    renderScreen(<ProviderButtons returnTo="/library" />, '/login');
    const buttons = await screen.findAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Continue with Corp ID', 'Sign in with WeChatsandbox']);
    fireEvent.click(screen.getByRole('button', { name: /Sign in with WeChat/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/wechat-login?state=abc'));
    const start = api.mock.calls.find(([url]) => String(url).includes('/sign-in/wechat/start'))!;
    expect(JSON.parse(String(start[1]!.body))).toEqual({ return_to: '/library' });
  });

  it('says when WeChat cannot be reached', async () => {
    watchNavigation();
    stubApi({
      'GET /config/public': { status: 200, body: { data: { result: { ...sandboxPublicConfig(), sign_in_providers: [wechat] } } } },
      'POST /sign-in/wechat/start': { status: 502, body: { error: 'down', code: 'EXTERNAL_PROVIDER_UNAVAILABLE' } },
    });
    renderScreen(<ProviderButtons returnTo={null} />, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /Sign in with WeChat/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The sign-in provider cannot be reached right now/);
  });
});

describe('the sandbox’s WeChat QR page', () => {
  it('asks who scans, then goes where WeChat would send the browser', async () => {
    const assign = watchNavigation();
    const api = stubApi({
      'POST /sign-in/wechat/sandbox/scan': {
        status: 200,
        body: { data: { result: { redirect_url: 'http://localhost/api/v1/sign-in/wechat/callback?code=c&state=abc' } } },
      },
    });
    renderScreen(<SandboxWechatLogin state="abc" />, '/sandbox/wechat-login');
    fireEvent.click(screen.getByRole('button', { name: 'Scan and allow' }));
    expect(screen.getByText('Enter the nickname of the person who scans.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('WeChat nickname'), { target: { value: ' 小明 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scan and allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/v1/sign-in/wechat/callback?code=c&state=abc'));
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ state: 'abc', nickname: '小明' });
  });

  it('declines with no nickname, and shows a refusal in its own words', async () => {
    watchNavigation();
    const api = stubApi({ 'POST /sign-in/wechat/sandbox/scan': { status: 429, body: { error: 'slow down', code: 'RATE_LIMITED' } } });
    renderScreen(<SandboxWechatLogin state="abc" />, '/sandbox/wechat-login');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ state: 'abc', nickname: null });
  });

  it('without a state, says the sign-in must start again', () => {
    renderScreen(<SandboxWechatLogin state="" />, '/sandbox/wechat-login');
    expect(screen.getByRole('alert').textContent).toMatch(/^This answer from the provider does not match/);
    expect(screen.queryByRole('button', { name: 'Scan and allow' })).toBeNull();
  });
});
