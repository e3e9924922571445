import type {
  CreatedOrder,
  EmailResult,
  InviteCodeResult,
  Me,
  Membership,
  PaymentStatus,
  PaymentStatusValue,
  RecoveryCodesResult,
  ResetPasswordResult,
  TotpSetupResult,
} from '@inkstream/contracts';
import { request } from './api-client';

/**
 * The sandbox checkout's order (contract call 20). packages/contracts has its schema but exports no type for
 * it, and the web app does not depend on typebox to derive one; when contracts exports `SandboxOrder`, import it.
 */
export interface SandboxOrder {
  order_id: string;
  plan: 'month' | 'season';
  months: number;
  amount_fen: number;
  status: PaymentStatusValue;
}

const checkoutQuery = (token: string | null) => (token ? `?checkout_token=${encodeURIComponent(token)}` : '');

/** The calls of the account screens (profile, payments, checkout), loaded with those screens. */
export const accountApi = {
  inviteCode: () => request<{ result: InviteCodeResult }>('GET', '/user/invite_code').then((d) => d.result),
  // current_password is the API's ext field: the token alone does not change the password.
  updatePassword: (body: { new_password: string; current_password: string }) =>
    request<{ result: { updated: true; jwt_token: string } }>('POST', '/user/update_password', { body }).then((d) => d.result),
  me: () => request<{ result: Me }>('GET', '/user/me').then((d) => d.result),
  // Two-step sign-in (ext, issue 28).
  totpSetup: (password: string) =>
    request<{ result: TotpSetupResult }>('POST', '/user/totp/setup', { body: { password } }).then((d) => d.result),
  totpEnable: (code: string) =>
    request<{ result: RecoveryCodesResult }>('POST', '/user/totp/enable', { body: { code } }).then((d) => d.result),
  totpDisable: (password: string, code: string) =>
    request<{ result: { disabled: true } }>('POST', '/user/totp/disable', { body: { password, code } }).then((d) => d.result),
  totpRecoveryCodes: (code: string) =>
    request<{ result: RecoveryCodesResult }>('POST', '/user/totp/recovery_codes', { body: { code } }).then((d) => d.result),
  setEmail: (email: string) => request<{ result: EmailResult }>('POST', '/user/email', { body: { email } }).then((d) => d.result),
  // No login needed: the links may be opened on another device than the one that asked for them.
  confirmEmail: (token: string) =>
    request<{ result: { confirmed: true } }>('POST', '/user/email/confirm', { body: { token }, auth: false }),
  forgotPassword: (login: string) =>
    request<{ result: { accepted: true } }>('POST', '/user/password/forgot', { body: { login }, auth: false }),
  resetPassword: (token: string, new_password: string) =>
    request<{ result: ResetPasswordResult }>('POST', '/user/password/reset', { body: { token, new_password }, auth: false }).then(
      (d) => d.result,
    ),
  redeemCoupon: (code: string) => request<{ result: Membership }>('POST', '/user/coupon/redeem', { body: { code } }).then((d) => d.result),
  createWechatOrder: (months: 1 | 3, channel?: 'card') =>
    request<CreatedOrder>('POST', '/payment/wechat/payment/china_book_membership/create', {
      body: channel ? { months, channel } : { months },
    }),
  paymentStatus: (orderId: string) =>
    request<{ result: PaymentStatus }>('GET', `/payment/wechat/payment/status/${encodeURIComponent(orderId)}`).then((d) => d.result),
  // The order's owner is recognised by their token; a phone that scanned the QR code by the link's checkout token.
  sandboxOrder: (orderId: string, checkoutToken: string | null) =>
    request<{ result: SandboxOrder }>('GET', `/payment/sandbox/orders/${encodeURIComponent(orderId)}${checkoutQuery(checkoutToken)}`).then(
      (d) => d.result,
    ),
  sandboxPay: (orderId: string, outcome: 'succeeded' | 'failed', checkoutToken: string | null) =>
    request<{ result: PaymentStatus }>(
      'POST',
      `/payment/sandbox/orders/${encodeURIComponent(orderId)}/pay${checkoutQuery(checkoutToken)}`,
      {
        body: { outcome },
      },
    ).then((d) => d.result),
};
