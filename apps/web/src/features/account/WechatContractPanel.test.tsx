import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WechatContractPanel } from './WechatContractPanel';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';

setUpSignedInScreenTests();

const CODE = 'ctr0123456789abcdef01234567';
const contract = (state: string, extra: object = {}) => ({
  status: 200,
  body: {
    data: {
      result: { contract_code: CODE, state, plan: 'month', price: 1000, currency: 'CNY', sign_url: null, qr_code: null, ...extra },
    },
  },
});

describe('renewing with WeChat Pay contract deduction (issue 59)', () => {
  it('shows the signing QR code, then what the server says the contract became', async () => {
    let polls = 0;
    const fetch = stubApi({
      'POST /payment/wechat/contract': contract('waiting', {
        sign_url: 'https://pay.weixin.qq.com/x',
        qr_code: 'data:image/png;base64,AAAA',
      }),
      [`GET /payment/wechat/contract/${CODE}`]: () => (++polls < 2 ? contract('signed') : contract('active')),
    });
    renderScreen(<WechatContractPanel />, '/profile');
    fireEvent.click(screen.getByRole('button', { name: /Renew monthly with WeChat/ }));
    expect(await screen.findByRole('img', { name: 'QR code to sign the WeChat Pay contract for the Monthly pass' })).toBeTruthy();
    expect(await screen.findByText('Contract signed. Charging the first period…', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText(/Done: your membership now renews with WeChat Pay/, {}, { timeout: 8000 })).toBeTruthy();
    const started = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(started![1]!.body))).toEqual({ plan: 'month' });
  });

  it('says in its own words when a membership already renews', async () => {
    stubApi({
      'POST /payment/wechat/contract': { status: 409, body: { error: 'running', code: 'SUBSCRIPTION_RUNNING' } },
    });
    renderScreen(<WechatContractPanel />, '/profile');
    fireEvent.click(screen.getByRole('button', { name: /Renew every 3 months with WeChat/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your membership already renews. Cancel that renewal first if you want to switch.',
      ),
    );
  });
});
