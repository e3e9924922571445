import type { WechatPayConfig } from '../payments-config.js';
import { createWechatApiCall, WechatApiError, type WechatApiCall } from './wechat-pay-client.js';

/** WeChat's answer to a pre-signing: the page (shown as a QR code) where the payer signs the contract. */
export interface PreSigned {
  preEntrustwebId: string;
  signUrl: string;
}

export interface PapayClient {
  /**
   * POST /v3/papay/sign/contracts/pre-entrust-sign, scene SIGN_SCENE_QRCODE: a contract of template
   * `planId` under our `outContractCode`; the payer signs on WeChat's page, PAPAY.SIGN follows.
   */
  preSign(request: {
    planId: number;
    outContractCode: string;
    displayAccount: string;
    outUserCode: string;
    deviceIp: string;
  }): Promise<PreSigned>;
  /** POST /v3/papay/contracts/{contract_id}/notify: the notice WeChat shows the payer before a deduction (预扣费通知). */
  announceDeduction(contractId: string, amountFen: number): Promise<void>;
  /** POST /v3/papay/pay/transactions/apply: asks for one deduction; its result arrives as a notification. */
  applyDeduction(request: { outTradeNo: string; description: string; contractId: string; amountFen: number }): Promise<void>;
  /** POST /v3/papay/sign/contracts/plan-id/{plan_id}/out-contract-code/{code}/terminate: no deduction after it. */
  terminate(planId: number, outContractCode: string, remark: string): Promise<void>;
}

/** Codes with which WeChat says a deduction can never be taken on this contract (not "try again later"). */
const DEFINITIVE_REFUSALS = new Set([
  'CONTRACT_NOT_EXIST',
  'CONTRACT_ERROR',
  'CONTRACT_TERMINATED',
  'NOT_ENOUGH',
  'NOAUTH',
  'INVALID_REQUEST',
  'PARAM_ERROR',
]);

/** Whether a refused deduction failed for good (a failed renewal) rather than being worth asking again. */
export const isDefinitiveRefusal = (error: unknown) =>
  error instanceof WechatApiError && error.verified && error.status >= 400 && error.status < 500 && DEFINITIVE_REFUSALS.has(error.code);

/**
 * WeChat Pay contract deduction (委托代扣 / papay) over API v3, signed and verified like every other
 * call (wechat-pay-client.ts). Only built when the merchant configured its contract templates.
 */
export function createPapayClient(
  config: WechatPayConfig,
  options: { now?: () => number; fetch?: typeof fetch; call?: WechatApiCall } = {},
): PapayClient {
  const call = options.call ?? createWechatApiCall(config, options);
  const code = (value: string) => encodeURIComponent(value);

  return {
    async preSign(request) {
      const { json } = await call('POST', '/v3/papay/sign/contracts/pre-entrust-sign', {
        sign_scene: 'SIGN_SCENE_QRCODE',
        appid: config.appId,
        plan_id: request.planId,
        out_contract_code: request.outContractCode,
        contract_display_account: request.displayAccount,
        contract_notify_url: config.notifyUrl,
        out_user_code: request.outUserCode,
        device_info: {
          device_type: 'DEVICE_TYPE_UNKNOW',
          device_os: 'web',
          device_id: request.outUserCode,
          device_running_as_root: false,
          device_ip: request.deviceIp,
          weixin_installed: false,
          weixin_version: '',
          days_since_first_login: 'DAYS_SINCE_FIRST_LOGIN_UNKNOW',
        },
      });
      const answer = (json ?? {}) as { pre_entrustweb_id?: unknown; redirect_url?: unknown };
      if (
        typeof answer.pre_entrustweb_id !== 'string' ||
        typeof answer.redirect_url !== 'string' ||
        !/^https?:\/\//.test(answer.redirect_url)
      ) {
        throw new WechatApiError(200, 'BAD_ANSWER', 'WeChat Pay answered the pre-signing without pre_entrustweb_id or redirect_url');
      }
      return { preEntrustwebId: answer.pre_entrustweb_id, signUrl: answer.redirect_url };
    },

    async announceDeduction(contractId, amountFen) {
      await call('POST', `/v3/papay/contracts/${code(contractId)}/notify`, {
        mchid: config.mchId,
        appid: config.appId,
        deduct_duration: { count: 1, unit: 'DAY' },
        estimated_amount: { amount: amountFen, currency: 'CNY' },
      });
    },

    async applyDeduction(request) {
      const { json } = await call('POST', '/v3/papay/pay/transactions/apply', {
        appid: config.appId,
        out_trade_no: request.outTradeNo,
        description: request.description,
        transaction_notify_url: config.notifyUrl,
        contract_id: request.contractId,
        amount: { total: request.amountFen, currency: 'CNY' },
      });
      const answer = (json ?? {}) as { out_trade_no?: unknown };
      if (answer.out_trade_no !== request.outTradeNo) {
        throw new WechatApiError(200, 'BAD_ANSWER', 'WeChat Pay accepted a deduction for another out_trade_no');
      }
    },

    async terminate(planId, outContractCode, remark) {
      try {
        await call('POST', `/v3/papay/sign/contracts/plan-id/${planId}/out-contract-code/${code(outContractCode)}/terminate`, {
          contract_termination_remark: remark.slice(0, 100),
        });
      } catch (error) {
        // Already terminated (by the payer in WeChat, or by an earlier try of ours): what we wanted.
        if (
          error instanceof WechatApiError &&
          error.verified &&
          (error.code === 'CONTRACT_NOT_EXIST' || error.code === 'CONTRACT_TERMINATED')
        )
          return;
        throw error;
      }
    },
  };
}
