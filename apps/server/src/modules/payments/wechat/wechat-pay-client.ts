import type { WechatPayConfig } from '../payments-config.js';
import { readTransaction, type WechatTransaction } from './wechat-transaction.js';
import { authorizationHeader, signatureHeaders, verifyWechatSignature } from './wechat-signing.js';

const REQUEST_TIMEOUT_MS = 10_000;

/** WeChat Pay answered with an error (or not at all); `code` is WeChat's (ORDERPAID, SYSTEM_ERROR, …). */
export class WechatApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Whether WeChat signed this answer, so its code can be acted on. */
    readonly verified = false,
  ) {
    super(message);
  }
}

export interface NativeOrderRequest {
  outTradeNo: string;
  description: string;
  amountFen: number;
  /** Epoch ms; WeChat stops accepting payment then. */
  expiresAt: number;
}

export interface RefundRequest {
  outTradeNo: string;
  /** Our refund number, unique per refund: WeChat treats a repeated one as the same refund. */
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason?: string;
}

/** WeChat's refund status: SUCCESS (money returned), PROCESSING (REFUND.SUCCESS follows), CLOSED, ABNORMAL. */
export interface RefundAnswer {
  refundId: string;
  status: string;
}

export interface WechatPayClient {
  /** Creates a Native order; the code URL becomes the QR code the payer scans. */
  createNativeOrder(request: NativeOrderRequest): Promise<{ codeUrl: string }>;
  /** The order as WeChat sees it; null when WeChat has no such order. */
  queryOrder(outTradeNo: string): Promise<WechatTransaction | null>;
  /** Closes an unpaid order so it can no longer be paid; 'paid' when the payer was faster. */
  closeOrder(outTradeNo: string): Promise<'closed' | 'paid'>;
  /** Asks WeChat to refund a paid order (POST /v3/refund/domestic/refunds); the answer is verified. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

/** RFC 3339 in Beijing time, the form WeChat Pay expects for time_expire. */
export const beijingTime = (ms: number) => `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/** One signed call to WeChat Pay's API v3; the answer's JSON, once verified as WeChat's. */
export type WechatApiCall = (method: 'GET' | 'POST', pathWithQuery: string, payload?: object) => Promise<{ status: number; json: unknown }>;

/**
 * WeChat Pay API v3 over fetch: every request signed with the merchant key
 * (WECHATPAY2-SHA256-RSA2048), every answer we act on verified against the platform keys.
 */
export function createWechatApiCall(config: WechatPayConfig, options: { now?: () => number; fetch?: typeof fetch } = {}): WechatApiCall {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? fetch;

  return async function call(method, pathWithQuery, payload) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiBase}${pathWithQuery}`, {
        method,
        headers: {
          Authorization: authorizationHeader(config, { method, pathWithQuery, body }, Math.floor(now() / 1000)),
          Accept: 'application/json',
          'User-Agent': 'Inkstream/1.0 (+node fetch)',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new WechatApiError(0, 'NETWORK_ERROR', `WeChat Pay did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    let verified = false;
    const headers = signatureHeaders((name) => response.headers.get(name) ?? undefined);
    if (headers.signature) {
      try {
        verifyWechatSignature(config.platformKeys, headers, text, now());
        verified = true;
      } catch (error) {
        throw new WechatApiError(
          response.status,
          'SIGNATURE_INVALID',
          `WeChat Pay's answer failed verification: ${(error as Error).message}`,
        );
      }
    }
    const json = parseJson(text);
    if (!response.ok) {
      const errorBody = (json ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof errorBody.code === 'string' ? errorBody.code : `HTTP_${response.status}`;
      const message = typeof errorBody.message === 'string' ? errorBody.message : response.statusText;
      throw new WechatApiError(response.status, code, `WeChat Pay ${method} ${pathWithQuery.split('?')[0]}: ${code} ${message}`, verified);
    }
    // A success we act on must be WeChat's: an unsigned 2xx is treated as a failure.
    if (!verified) throw new WechatApiError(response.status, 'SIGNATURE_MISSING', 'WeChat Pay answered without a signature');
    return { status: response.status, json };
  };
}

/** The payments we sell over WeChat Pay API v3 (Native QR orders, their queries, closing and refunds). */
export function createWechatPayClient(
  config: WechatPayConfig,
  options: { now?: () => number; fetch?: typeof fetch } = {},
): WechatPayClient {
  const call = createWechatApiCall(config, options);

  const orderPath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    async createNativeOrder(request) {
      const { json } = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: request.description,
        out_trade_no: request.outTradeNo,
        time_expire: beijingTime(request.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      });
      const codeUrl = (json as { code_url?: unknown } | null)?.code_url;
      if (typeof codeUrl !== 'string' || !codeUrl.startsWith('weixin://')) {
        throw new WechatApiError(200, 'BAD_ANSWER', 'WeChat Pay answered without a weixin:// code_url');
      }
      return { codeUrl };
    },

    async queryOrder(outTradeNo) {
      try {
        const { json } = await call('GET', `${orderPath(outTradeNo)}?mchid=${encodeURIComponent(config.mchId)}`);
        const transaction = readTransaction(json);
        if (!transaction) throw new WechatApiError(200, 'BAD_ANSWER', 'WeChat Pay answered with an unreadable transaction');
        return transaction;
      } catch (error) {
        if (error instanceof WechatApiError && error.verified && error.status === 404 && error.code === 'ORDER_NOT_EXIST') return null;
        throw error;
      }
    },

    async closeOrder(outTradeNo) {
      try {
        await call('POST', `${orderPath(outTradeNo)}/close`, { mchid: config.mchId });
        return 'closed';
      } catch (error) {
        if (error instanceof WechatApiError && error.code === 'ORDERPAID') return 'paid';
        throw error;
      }
    },

    async refund(request) {
      const { json } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.outTradeNo,
        out_refund_no: request.outRefundNo,
        ...(request.reason ? { reason: request.reason.slice(0, 80) } : {}),
        notify_url: config.notifyUrl,
        amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
      });
      const answer = (json ?? {}) as { refund_id?: unknown; status?: unknown };
      if (typeof answer.refund_id !== 'string' || typeof answer.status !== 'string') {
        throw new WechatApiError(200, 'BAD_ANSWER', 'WeChat Pay answered the refund without refund_id or status');
      }
      return { refundId: answer.refund_id, status: answer.status };
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
