import type { PublicConfig } from '@inkstream/contracts';

/** The public config of a development site: both payment buttons on the sandbox, coins as given (off unless told). */
export const sandboxPublicConfig = (coins: PublicConfig['coins'] = { enabled: false, packs: [] }): PublicConfig => ({
  site_name: 'Inkstream',
  contact_email: 'hello@example.com',
  default_language: 'en-us',
  languages: ['zh-cn', 'en-us'],
  community: true,
  sign_in_providers: [],
  payments: {
    wechat: { enabled: true, sandbox: true, renewing: false },
    stripe: {
      enabled: true,
      sandbox: true,
      publishable_key: null,
      buy_buttons: { month: null, season: null },
      renewing: false,
      renewing_buy_buttons: { month: null, season: null },
    },
  },
  coins,
});
