import type { PublicConfig } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import { paymentOptions } from './payment-options';

const config = (payments: PublicConfig['payments']): PublicConfig => ({
  site_name: 'Inkstream',
  contact_email: 'a@b.c',
  default_language: 'en-us',
  languages: ['en-us'],
  community: true,
  sign_in_providers: [],
  coins: { enabled: false, packs: [] },
  payments,
});
const noButtons = { month: null, season: null };

describe('payment options', () => {
  it('offers nothing before the config arrives', () => {
    expect(paymentOptions(undefined)).toEqual({ wechat: false, card: { kind: 'off' }, sandbox: false });
  });

  it('uses the sandbox checkout for cards when the sandbox provider is active, and says so', () => {
    const options = paymentOptions(
      config({
        wechat: { enabled: true, sandbox: true, renewing: false },
        stripe: {
          enabled: true,
          sandbox: true,
          publishable_key: null,
          buy_buttons: noButtons,
          renewing: false,
          renewing_buy_buttons: noButtons,
        },
      }),
    );
    expect(options).toEqual({ wechat: true, card: { kind: 'sandbox', renewing: false }, sandbox: true });
  });

  it('renders live Stripe buttons only with a key and both button ids', () => {
    const live = {
      enabled: true,
      sandbox: false,
      publishable_key: 'pk_live_1',
      buy_buttons: { month: 'buy_m', season: 'buy_s' },
      renewing: false,
      renewing_buy_buttons: { month: null, season: null },
    };
    expect(paymentOptions(config({ wechat: { enabled: true, sandbox: false, renewing: false }, stripe: live }))).toEqual({
      wechat: true,
      card: { kind: 'stripe', publishableKey: 'pk_live_1', buyButtons: { month: 'buy_m', season: 'buy_s' }, renewingButtons: {} },
      sandbox: false,
    });
    const broken = { ...live, buy_buttons: { month: 'buy_m', season: null } };
    expect(paymentOptions(config({ wechat: { enabled: false, sandbox: false, renewing: false }, stripe: broken })).card).toEqual({
      kind: 'off',
    });
  });

  it('turns everything off when no provider is enabled', () => {
    const options = paymentOptions(
      config({
        wechat: { enabled: false, sandbox: true, renewing: false },
        stripe: {
          enabled: false,
          sandbox: true,
          publishable_key: null,
          buy_buttons: noButtons,
          renewing: false,
          renewing_buy_buttons: noButtons,
        },
      }),
    );
    expect(options).toEqual({ wechat: false, card: { kind: 'off' }, sandbox: false });
  });
});
