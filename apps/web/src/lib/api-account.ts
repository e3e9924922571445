import type {
  BoughtGift,
  CreatedOrder,
  EmailResult,
  InviteCodeResult,
  Me,
  Membership,
  PaymentStatus,
  RecoveryCodesResult,
  ResetPasswordResult,
  TotpSetupResult,
} from '@inkstream/contracts';
import { anonymousClient, client, data, result, type ApiData } from './api-fetch';

/** The sandbox checkout's order (contract call 20): contracts exports no type for it, the generated schema has it. */
export type SandboxOrder = ApiData<'/api/v1/payment/sandbox/orders/{order_id}', 'get'>['result'];

/** What an order buys: a membership plan or a coin pack (public config `coins.packs`). */
/** A plan (renewing: issue 59, sold so by the sandbox; or a gift) or a coin pack. */
export type OrderProduct = { months: 1 | 3; renewing?: true; gift?: true } | { pack: number };

/** The order's owner is recognised by their token; a phone that scanned the QR code by the link's checkout token. */
const sandboxParams = (orderId: string, checkoutToken: string | null) => ({
  path: { order_id: orderId },
  query: checkoutToken ? { checkout_token: checkoutToken } : {},
});

/** The calls of the account screens (profile, payments, checkout), loaded with those screens. */
export const accountApi = {
  inviteCode: (): Promise<InviteCodeResult> => result(client.GET('/api/v1/user/invite_code')),
  // current_password is the API's ext field: the token alone does not change the password.
  updatePassword: (body: { new_password: string; current_password: string }) =>
    result(client.POST('/api/v1/user/update_password', { body })),
  me: (): Promise<Me> => result(client.GET('/api/v1/user/me')),
  // Ext (issue 40): every token issued so far is revoked; this browser gets the new one.
  signOutEverywhere: (): Promise<{ jwt_token: string }> => result(client.POST('/api/v1/user/sign_out_everywhere')),
  // Two-step sign-in (ext, issue 28).
  totpSetup: (password: string): Promise<TotpSetupResult> => result(client.POST('/api/v1/user/totp/setup', { body: { password } })),
  totpEnable: (code: string): Promise<RecoveryCodesResult> => result(client.POST('/api/v1/user/totp/enable', { body: { code } })),
  totpDisable: (password: string, code: string) => result(client.POST('/api/v1/user/totp/disable', { body: { password, code } })),
  totpRecoveryCodes: (code: string): Promise<RecoveryCodesResult> =>
    result(client.POST('/api/v1/user/totp/recovery_codes', { body: { code } })),
  // A new address needs the current password, and the two-step code when that is on (issue 40).
  setEmail: (email: string, secrets: { currentPassword?: string; totpCode?: string } = {}): Promise<EmailResult> =>
    result(
      client.POST('/api/v1/user/email', {
        body: {
          email,
          ...(secrets.currentPassword !== undefined ? { current_password: secrets.currentPassword } : {}),
          ...(secrets.totpCode !== undefined ? { totp_code: secrets.totpCode } : {}),
        },
      }),
    ),
  // No login needed: the links may be opened on another device than the one that asked for them.
  confirmEmail: (token: string) => data(anonymousClient.POST('/api/v1/user/email/confirm', { body: { token } })),
  forgotPassword: (login: string) => data(anonymousClient.POST('/api/v1/user/password/forgot', { body: { login } })),
  resetPassword: (token: string, new_password: string): Promise<ResetPasswordResult> =>
    result(anonymousClient.POST('/api/v1/user/password/reset', { body: { token, new_password } })),
  redeemCoupon: (code: string): Promise<Membership> => result(client.POST('/api/v1/user/coupon/redeem', { body: { code } })),
  // A membership plan (`months`) or, with coins on (issue 42), a coin pack (`pack`): the same order and QR flow.
  createWechatOrder: (product: OrderProduct, channel?: 'card'): Promise<CreatedOrder> =>
    data(client.POST('/api/v1/payment/wechat/payment/china_book_membership/create', { body: channel ? { ...product, channel } : product })),
  // Issue 59: the gift memberships the reader bought, with their state (the code only right after the payment).
  giftsBought: (): Promise<BoughtGift[]> => result(client.GET('/api/v1/user/gifts')),
  paymentStatus: (orderId: string): Promise<PaymentStatus> =>
    result(client.GET('/api/v1/payment/wechat/payment/status/{order_id}', { params: { path: { order_id: orderId } } })),
  sandboxOrder: (orderId: string, checkoutToken: string | null): Promise<SandboxOrder> =>
    result(client.GET('/api/v1/payment/sandbox/orders/{order_id}', { params: sandboxParams(orderId, checkoutToken) })),
  sandboxPay: (orderId: string, outcome: 'succeeded' | 'failed', checkoutToken: string | null): Promise<PaymentStatus> =>
    result(
      client.POST('/api/v1/payment/sandbox/orders/{order_id}/pay', { params: sandboxParams(orderId, checkoutToken), body: { outcome } }),
    ),
};
