import { Type, type Static } from 'typebox';
import { Nullable, Result } from './common.js';
import { CoinPack } from './coins.js';

export const PublicConfig = Type.Object({
  site_name: Type.String(),
  contact_email: Type.String(),
  default_language: Type.String(),
  languages: Type.Array(Type.String()),
  community: Type.Boolean({ description: 'Ext: chapter comments and book ratings are on (COMMUNITY, docs/COMMUNITY.md)' }),
  payments: Type.Object({
    wechat: Type.Object({
      enabled: Type.Boolean(),
      sandbox: Type.Boolean(),
      renewing: Type.Boolean({
        description:
          'Ext (issue 59): plans can be bought renewing with WeChat Pay contract deduction (委托代扣: POST /payment/wechat/contract); false: WeChat Pay sells one-time only',
      }),
    }),
    stripe: Type.Object({
      enabled: Type.Boolean(),
      sandbox: Type.Boolean(),
      publishable_key: Nullable(Type.String()),
      buy_buttons: Type.Object({ month: Nullable(Type.String()), season: Nullable(Type.String()) }),
      renewing: Type.Boolean({
        description:
          'Ext (issue 59): plans can be bought renewing on the card rail (renewing buy buttons on Stripe; in the sandbox, the order call with renewing)',
      }),
      renewing_buy_buttons: Type.Object(
        { month: Nullable(Type.String()), season: Nullable(Type.String()) },
        {
          description:
            'Ext (issue 59): the buy buttons of the plans sold renewing (a Stripe subscription); null: that plan is sold one-time only (or the operator turned renewing off)',
        },
      ),
    }),
  }),
  sign_in_providers: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String({ description: 'The display name ("Continue with {name}")' }),
      method: Type.Union([Type.Literal('oidc'), Type.Literal('wechat')], {
        description:
          'oidc: an OpenID Connect provider (POST /sign-in/oidc/{id}/start); wechat: WeChat website login (POST /sign-in/wechat/start)',
      }),
      sandbox: Type.Boolean({ description: 'The sandbox stands in for it (development only): no real account of the provider is used' }),
      languages: Type.Array(Type.String(), { description: 'The site languages that show this provider' }),
    }),
    {
      description:
        'Ext (issue 60): the providers readers may sign in with: WeChat website login (WECHAT_LOGIN_APPID, or the sandbox) and the OpenID Connect providers (OIDC_PROVIDERS)',
    },
  ),
  coins: Type.Object(
    { enabled: Type.Boolean(), packs: Type.Array(CoinPack) },
    { description: 'Ext (issue 42): coins are on (site setting coins_enabled) and the packs on sale; disabled: no packs' },
  ),
});
export type PublicConfig = Static<typeof PublicConfig>;
export const PublicConfigResponse = Result(PublicConfig);
