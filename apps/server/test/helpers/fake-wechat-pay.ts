import { execFileSync } from 'node:child_process';
import { createCipheriv, createPrivateKey, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for WeChat Pay's API v3 servers, at the protocol level: it holds real RSA keys,
 * rejects requests whose WECHATPAY2-SHA256-RSA2048 signature does not verify with the merchant's
 * public key, signs every answer with its platform key, and builds notifications the way WeChat
 * does (AEAD_AES_256_GCM with the APIv3 key, signed Wechatpay-* headers).
 */

export const MCH_ID = '1900000109';
export const APP_ID = 'wxd678efh567hg6787';
export const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const PUBLIC_KEY_SERIAL = 'PUB_KEY_ID_0119000001092025000000000001';
export const CERT_SERIAL = '7132D72A03E93CDDF8C03BBD1F37EEDF2D0AE631';
export const APIV3_KEY = 'a7cde1ef2a3b4c5d6e7f8a9b0c1d2e3f'; // the 32-character APIv3 key

export type TradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'PAYERROR';

export interface FakeOrder {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  amount: number;
  time_expire: string;
  notify_url: string;
  trade_state: TradeState;
  transaction_id: string | null;
  code_url: string;
}

export interface FakeRefund {
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  status: 'SUCCESS' | 'PROCESSING';
  refund: number;
  total: number;
  reason: string | null;
  notify_url: string | null;
}

/** A deduction contract (委托代扣) as the fake holds it. */
export interface FakeContract {
  plan_id: number;
  out_contract_code: string;
  contract_id: string | null;
  contract_display_account: string;
  contract_notify_url: string;
  state: 'PENDING' | 'SIGNED' | 'TERMINATED';
  redirect_url: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  /** The port the request came in on: tells apart callers given different endpoints (see `addEndpoint`). */
  port: number;
}

export interface SignedMessage {
  headers: Record<string, string>;
  body: string;
}

const rsaKeyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const signWith = (key: KeyObject, message: string) => createSign('RSA-SHA256').update(message).sign(key, 'base64');
const nonce = () => randomBytes(16).toString('hex');

/** A self-signed X.509 certificate over a new key: older merchants verify with platform certificates. */
function makeCertificate(dir: string): { key: KeyObject; certFile: string } {
  const keyFile = path.join(dir, 'platform-cert-key.pem');
  const certFile = path.join(dir, 'platform-cert.pem');
  const args = [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    '/CN=Tenpay.com',
  ];
  execFileSync('openssl', args, { stdio: 'ignore' });
  return { key: createPrivateKey(readFileSync(keyFile)), certFile };
}

/** Encrypts a resource as WeChat does: AES-256-GCM, 12-character nonce, tag appended to the ciphertext. */
export function encryptResource(plaintext: string, key = APIV3_KEY, associatedData = 'transaction') {
  const iv = randomBytes(6).toString('hex'); // 12 ASCII characters, as WeChat sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    nonce: iv,
    associated_data: associatedData,
    original_type: associatedData,
  };
}

export interface NotificationOptions {
  eventId?: string;
  /** Signing key and serial; defaults to the public-key pair (PUB_KEY_ID_…). */
  signer?: 'public-key' | 'certificate' | 'stranger';
  serial?: string;
  /** Seconds since the epoch written in Wechatpay-Timestamp. */
  timestamp?: number;
  /** Changes the encrypted bytes after signing the envelope (a flipped GCM tag byte, …). */
  tamperCiphertext?: (ciphertext: Buffer) => Buffer;
}

export async function startFakeWechatPay(dir: string) {
  const merchant = rsaKeyPair();
  const platform = rsaKeyPair();
  const stranger = rsaKeyPair();
  const certificate = makeCertificate(dir);
  const orders = new Map<string, FakeOrder>();
  const requests: RecordedRequest[] = [];
  const failures: { path: RegExp; status: number; code: string }[] = [];
  /** Refunds by out_refund_no: WeChat answers a repeated out_refund_no with the same refund. */
  const refunds = new Map<string, FakeRefund>();
  /** Deduction contracts by out_contract_code; pre-deduction notices by contract_id. */
  const contracts = new Map<string, FakeContract>();
  const announcements: { contract_id: string; amount: number }[] = [];
  let refundStatus: 'SUCCESS' | 'PROCESSING' = 'SUCCESS';
  let answerUnsigned = false;

  const merchantKeyFile = path.join(dir, 'apiclient_key.pem');
  const publicKeyFile = path.join(dir, 'pub_key.pem');
  writeFileSync(merchantKeyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicKeyFile, platform.publicKey.export({ type: 'spki', format: 'pem' }));

  const signerKeys = { 'public-key': platform.privateKey, certificate: certificate.key, stranger: stranger.privateKey };
  const signerSerials = { 'public-key': PUBLIC_KEY_SERIAL, certificate: CERT_SERIAL, stranger: PUBLIC_KEY_SERIAL };

  /** The headers WeChat Pay puts on answers and notifications. */
  function signedHeaders(body: string, options: NotificationOptions = {}): Record<string, string> {
    const signer = options.signer ?? 'public-key';
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const n = nonce();
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': n,
      'wechatpay-serial': options.serial ?? signerSerials[signer],
      'wechatpay-signature': signWith(signerKeys[signer], `${timestamp}\n${n}\n${body}\n`),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  function answer(response: ServerResponse, status: number, payload?: object): void {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': nonce() };
    if (!answerUnsigned) Object.assign(headers, signedHeaders(body));
    response.writeHead(status, headers).end(body);
  }

  /** Checks the merchant's Authorization header as WeChat Pay does; returns an error message or null. */
  function checkAuthorization(request: IncomingMessage, pathWithQuery: string, body: string): string | null {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'missing WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== MCH_ID) return 'mchid mismatch';
    if (fields.serial_no !== MERCHANT_SERIAL) return 'serial_no mismatch';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp expired';
    const message = `${request.method}\n${pathWithQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const valid = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    return valid ? null : 'signature does not verify';
  }

  function transaction(order: FakeOrder) {
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.out_trade_no,
      transaction_id: order.transaction_id ?? undefined,
      trade_type: 'NATIVE',
      trade_state: order.trade_state,
      trade_state_desc: order.trade_state,
      success_time: order.trade_state === 'SUCCESS' ? new Date().toISOString() : undefined,
      amount: { total: order.amount, payer_total: order.amount, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = request.url ?? '/';
    const body = raw === '' ? null : (JSON.parse(raw) as Record<string, unknown>);
    requests.push({ method: request.method ?? '', path: url, body, port: request.socket.localPort ?? 0 });
    const authError = checkAuthorization(request, url, raw);
    if (authError) return answer(response, 401, { code: 'SIGN_ERROR', message: authError });
    const failureIndex = failures.findIndex((f) => f.path.test(url));
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      return answer(response, failure!.status, { code: failure!.code, message: 'injected failure' });
    }

    const pathname = url.split('?')[0] ?? '';
    if (request.method === 'POST' && pathname === '/v3/pay/transactions/native') {
      const b = body as Record<string, unknown> & { amount?: { total?: unknown; currency?: unknown } };
      const valid =
        b.appid === APP_ID &&
        b.mchid === MCH_ID &&
        typeof b.description === 'string' &&
        typeof b.out_trade_no === 'string' &&
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(b.time_expire)) &&
        typeof b.notify_url === 'string' &&
        Number.isInteger(b.amount?.total) &&
        b.amount?.currency === 'CNY';
      if (!valid) return answer(response, 400, { code: 'PARAM_ERROR', message: 'invalid order' });
      const outTradeNo = b.out_trade_no as string;
      if (orders.has(outTradeNo)) return answer(response, 400, { code: 'OUT_TRADE_NO_USED', message: 'duplicate' });
      const codeUrl = `weixin://wxpay/bizpayurl?pr=${nonce().slice(0, 10)}`;
      orders.set(outTradeNo, {
        appid: APP_ID,
        mchid: MCH_ID,
        out_trade_no: outTradeNo,
        description: b.description as string,
        amount: b.amount?.total as number,
        time_expire: b.time_expire as string,
        notify_url: b.notify_url as string,
        trade_state: 'NOTPAY',
        transaction_id: null,
        code_url: codeUrl,
      });
      return answer(response, 200, { code_url: codeUrl });
    }
    if (request.method === 'POST' && pathname === '/v3/refund/domestic/refunds') return refund(response, body ?? {});
    if (pathname.startsWith('/v3/papay/')) return papay(request.method ?? '', pathname, body ?? {}, response);
    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(pathname);
    if (match) {
      const order = orders.get(decodeURIComponent(match[1] ?? ''));
      if (!order) return answer(response, 404, { code: 'ORDER_NOT_EXIST', message: 'order does not exist' });
      if (request.method === 'GET' && !match[2]) return answer(response, 200, transaction(order));
      if (request.method === 'POST' && match[2]) {
        if (order.trade_state === 'SUCCESS') return answer(response, 400, { code: 'ORDERPAID', message: 'order paid' });
        order.trade_state = 'CLOSED';
        return answer(response, 204);
      }
    }
    return answer(response, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }

  const contractById = (id: string) => [...contracts.values()].find((c) => c.contract_id === id);

  /** The papay API v3 (委托代扣): pre-signing, the pre-deduction notice, deduction, termination. */
  function papay(method: string, pathname: string, b: Record<string, unknown>, response: ServerResponse): void {
    if (method === 'POST' && pathname === '/v3/papay/sign/contracts/pre-entrust-sign') {
      const device = (b.device_info ?? {}) as Record<string, unknown>;
      const valid =
        b.sign_scene === 'SIGN_SCENE_QRCODE' &&
        b.appid === APP_ID &&
        Number.isInteger(b.plan_id) &&
        typeof b.out_contract_code === 'string' &&
        b.out_contract_code.length <= 32 &&
        typeof b.contract_display_account === 'string' &&
        typeof b.contract_notify_url === 'string' &&
        typeof b.out_user_code === 'string' &&
        typeof device.device_ip === 'string';
      if (!valid) return answer(response, 400, { code: 'PARAM_ERROR', message: 'invalid pre-signing' });
      if (contracts.has(b.out_contract_code as string))
        return answer(response, 400, { code: 'CONTRACT_EXIST', message: 'duplicate out_contract_code' });
      const id = nonce().slice(0, 16);
      const contract: FakeContract = {
        plan_id: b.plan_id as number,
        out_contract_code: b.out_contract_code as string,
        contract_id: null,
        contract_display_account: b.contract_display_account as string,
        contract_notify_url: b.contract_notify_url as string,
        state: 'PENDING',
        redirect_url: `https://fake-wechat.example/papay/entrustweb?pre_entrustweb_id=${id}`,
      };
      contracts.set(contract.out_contract_code, contract);
      return answer(response, 200, { pre_entrustweb_id: id, redirect_url: contract.redirect_url });
    }
    const notice = /^\/v3\/papay\/contracts\/([^/]+)\/notify$/.exec(pathname);
    if (method === 'POST' && notice) {
      const contract = contractById(decodeURIComponent(notice[1] ?? ''));
      const amount = (b.estimated_amount ?? {}) as { amount?: unknown };
      if (b.mchid !== MCH_ID || b.appid !== APP_ID || !Number.isInteger(amount.amount))
        return answer(response, 400, { code: 'PARAM_ERROR', message: 'invalid notice' });
      if (!contract || contract.state !== 'SIGNED')
        return answer(response, 400, { code: 'CONTRACT_NOT_EXIST', message: 'no signed contract' });
      announcements.push({ contract_id: contract.contract_id!, amount: amount.amount as number });
      return answer(response, 204);
    }
    if (method === 'POST' && pathname === '/v3/papay/pay/transactions/apply') {
      const amount = (b.amount ?? {}) as { total?: unknown; currency?: unknown };
      const valid =
        b.appid === APP_ID &&
        typeof b.out_trade_no === 'string' &&
        typeof b.description === 'string' &&
        typeof b.transaction_notify_url === 'string' &&
        typeof b.contract_id === 'string' &&
        Number.isInteger(amount.total) &&
        amount.currency === 'CNY';
      if (!valid) return answer(response, 400, { code: 'PARAM_ERROR', message: 'invalid deduction' });
      const contract = contractById(b.contract_id as string);
      if (!contract || contract.state !== 'SIGNED')
        return answer(response, 400, { code: 'CONTRACT_NOT_EXIST', message: 'no signed contract' });
      const known = orders.get(b.out_trade_no as string);
      if (!known) {
        orders.set(b.out_trade_no as string, {
          appid: APP_ID,
          mchid: MCH_ID,
          out_trade_no: b.out_trade_no as string,
          description: b.description as string,
          amount: amount.total as number,
          time_expire: '',
          notify_url: b.transaction_notify_url as string,
          trade_state: 'USERPAYING',
          transaction_id: null,
          code_url: `contract:${contract.contract_id}`,
        });
      }
      return answer(response, 200, { out_trade_no: b.out_trade_no, amount: { total: amount.total, currency: 'CNY' } });
    }
    const end = /^\/v3\/papay\/sign\/contracts\/plan-id\/(\d+)\/out-contract-code\/([^/]+)\/terminate$/.exec(pathname);
    if (method === 'POST' && end) {
      const contract = contracts.get(decodeURIComponent(end[2] ?? ''));
      if (!contract || contract.plan_id !== Number(end[1]) || contract.state === 'PENDING') {
        return answer(response, 404, { code: 'CONTRACT_NOT_EXIST', message: 'no such contract' });
      }
      if (typeof b.contract_termination_remark !== 'string')
        return answer(response, 400, { code: 'PARAM_ERROR', message: 'remark required' });
      if (contract.state === 'TERMINATED') return answer(response, 400, { code: 'CONTRACT_TERMINATED', message: 'already terminated' });
      contract.state = 'TERMINATED';
      return answer(response, 200, contractBody(contract));
    }
    return answer(response, 404, { code: 'NOT_FOUND', message: 'no such papay API' });
  }

  function contractBody(c: FakeContract) {
    return {
      mchid: MCH_ID,
      appid: APP_ID,
      plan_id: c.plan_id,
      out_contract_code: c.out_contract_code,
      contract_id: c.contract_id,
      contract_display_account: c.contract_display_account,
      contract_state: c.state === 'SIGNED' ? 'SIGNED' : 'TERMINATED',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    };
  }

  /** POST /v3/refund/domestic/refunds: a full or partial refund of a paid order, once per out_refund_no. */
  function refund(response: ServerResponse, b: Record<string, unknown>): void {
    const amount = (b.amount ?? {}) as { refund?: unknown; total?: unknown; currency?: unknown };
    if (
      typeof b.out_trade_no !== 'string' ||
      typeof b.out_refund_no !== 'string' ||
      !Number.isInteger(amount.refund) ||
      amount.currency !== 'CNY'
    ) {
      return answer(response, 400, { code: 'PARAM_ERROR', message: 'invalid refund' });
    }
    const known = refunds.get(b.out_refund_no);
    if (known) return answer(response, 200, refundBody(known));
    const order = orders.get(b.out_trade_no);
    if (!order) return answer(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: 'order does not exist' });
    if (order.trade_state !== 'SUCCESS') return answer(response, 403, { code: 'NOT_ENOUGH', message: 'order is not paid' });
    if (amount.total !== order.amount || (amount.refund as number) > order.amount) {
      return answer(response, 400, { code: 'PARAM_ERROR', message: 'amount does not match the order' });
    }
    const created: FakeRefund = {
      out_trade_no: order.out_trade_no,
      out_refund_no: b.out_refund_no,
      refund_id: `50300${nonce().slice(0, 12)}`,
      status: refundStatus,
      refund: amount.refund as number,
      total: order.amount,
      reason: typeof b.reason === 'string' ? b.reason : null,
      notify_url: typeof b.notify_url === 'string' ? b.notify_url : null,
    };
    refunds.set(created.out_refund_no, created);
    if (created.status === 'SUCCESS' && created.refund === order.amount) order.trade_state = 'REFUND';
    return answer(response, 200, refundBody(created));
  }

  function refundBody(r: FakeRefund) {
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: new Date().toISOString(),
      status: r.status,
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
    };
  }

  const servers: Server[] = [];
  /** One more port onto the same fake (same orders and keys); its base URL. */
  async function addEndpoint(): Promise<string> {
    const server = createServer((request, response) => {
      route(request, response).catch((error: unknown) => answer(response, 500, { code: 'SYSTEM_ERROR', message: String(error) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const baseUrl = await addEndpoint();

  return {
    baseUrl,
    orders,
    requests,
    /** Settings for loadConfig: both kinds of platform key at once, as a merchant mid-migration has. */
    env: (apiBase = baseUrl): Record<string, string> => ({
      WECHATPAY_APPID: APP_ID,
      WECHATPAY_MCHID: MCH_ID,
      WECHATPAY_MERCHANT_SERIAL: MERCHANT_SERIAL,
      WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: merchantKeyFile,
      WECHATPAY_APIV3_KEY: APIV3_KEY,
      WECHATPAY_PLATFORM_KEYS: `${PUBLIC_KEY_SERIAL}=${publicKeyFile},${CERT_SERIAL}=${certificate.certFile}`,
      WECHATPAY_API_BASE: apiBase,
    }),
    /** The payer pays: the order turns SUCCESS (no notification is sent; see `notification`). */
    pay(outTradeNo: string): FakeOrder {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`);
      order.trade_state = 'SUCCESS';
      order.transaction_id = `4200${Date.now()}${nonce().slice(0, 8)}`;
      return order;
    },
    refunds,
    contracts,
    /** The pre-deduction notices (预扣费通知) the merchant sent, in order. */
    announcements,
    /** The payer signs `code` on WeChat's page: the contract is SIGNED (no notification is sent; see `contractNotification`). */
    signContract(code: string): FakeContract {
      const contract = contracts.get(code);
      if (!contract) throw new Error(`fake WeChat Pay has no contract ${code}`);
      contract.state = 'SIGNED';
      contract.contract_id ??= `2020${Date.now()}${nonce().slice(0, 6)}`;
      return contract;
    },
    /** The payer ends the contract in WeChat. */
    terminateContract(code: string): FakeContract {
      const contract = contracts.get(code)!;
      contract.state = 'TERMINATED';
      return contract;
    },
    /** PAPAY.SIGN or PAPAY.TERMINATE for `contract`, as WeChat POSTs it to contract_notify_url. */
    contractNotification(
      contract: FakeContract,
      eventType: 'PAPAY.SIGN' | 'PAPAY.TERMINATE',
      options: NotificationOptions & { resource?: Record<string, unknown> } = {},
    ): SignedMessage {
      const resource = options.resource ?? { ...contractBody(contract), operate_time: new Date().toISOString() };
      return envelope(eventType, 'papay', resource, options);
    },
    /** The deduction `outTradeNo` ends: SUCCESS (TRANSACTION.SUCCESS) or PAYERROR (TRANSACTION.FAIL), as its notification. */
    deductionNotification(outTradeNo: string, outcome: 'SUCCESS' | 'PAYERROR', options: NotificationOptions = {}): SignedMessage {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake WeChat Pay has no deduction ${outTradeNo}`);
      order.trade_state = outcome;
      if (outcome === 'SUCCESS') order.transaction_id ??= `4200${Date.now()}${nonce().slice(0, 8)}`;
      const resource = { ...transaction(order), trade_type: 'PAP', contract_id: order.code_url.slice('contract:'.length) };
      return envelope(outcome === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.FAIL', 'transaction', resource, options);
    },
    /** What the next new refund answers: SUCCESS at once, or PROCESSING (REFUND.SUCCESS follows). */
    setRefundStatus(status: 'SUCCESS' | 'PROCESSING') {
      refundStatus = status;
    },
    /** Makes the next call whose path matches answer an error (once). */
    failWith(pathPattern: RegExp, status: number, code: string) {
      failures.push({ path: pathPattern, status, code });
    },
    /** Answers without the Wechatpay-* signature headers, as an impostor in the middle would. */
    setUnsigned(value: boolean) {
      answerUnsigned = value;
    },
    /** Any body with WeChat's signature headers, for malformed-notification cases. */
    signed: (body: string): SignedMessage => ({ headers: { 'content-type': 'application/json', ...signedHeaders(body) }, body }),
    /** A TRANSACTION.SUCCESS notification for `order` as WeChat would POST it to notify_url. */
    notification(order: FakeOrder, options: NotificationOptions & { resource?: Record<string, unknown> } = {}): SignedMessage {
      const resource = options.resource ?? transaction(order);
      return envelope('TRANSACTION.SUCCESS', 'transaction', resource, options);
    },
    /** A REFUND.SUCCESS notification refunding `refundFen` of `order`. */
    refundNotification(order: FakeOrder, refundFen: number, options: NotificationOptions = {}): SignedMessage {
      const resource = {
        mchid: order.mchid,
        out_trade_no: order.out_trade_no,
        transaction_id: order.transaction_id,
        out_refund_no: `R${order.out_trade_no}`,
        refund_id: `50000${nonce().slice(0, 12)}`,
        refund_status: 'SUCCESS',
        success_time: new Date().toISOString(),
        amount: { total: order.amount, refund: refundFen, payer_total: order.amount, payer_refund: refundFen },
      };
      return envelope('REFUND.SUCCESS', 'refund', resource, options);
    },
    /**
     * Another endpoint onto this same fake: give each server process its own (WECHATPAY_API_BASE)
     * and `requests[].port` tells which process called.
     */
    addEndpoint,
    close: () =>
      Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      ).then(() => undefined),
  };

  function envelope(eventType: string, originalType: string, resource: object, options: NotificationOptions): SignedMessage {
    const encrypted = encryptResource(JSON.stringify(resource), APIV3_KEY, originalType);
    if (options.tamperCiphertext) {
      encrypted.ciphertext = options.tamperCiphertext(Buffer.from(encrypted.ciphertext, 'base64')).toString('base64');
    }
    const body = JSON.stringify({
      id: options.eventId ?? `EV-${nonce()}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary:
        { 'TRANSACTION.SUCCESS': '支付成功', 'TRANSACTION.FAIL': '支付失败', 'PAPAY.SIGN': '签约成功', 'PAPAY.TERMINATE': '解约成功' }[
          eventType
        ] ?? '退款成功',
      resource: encrypted,
    });
    return { headers: { 'content-type': 'application/json', ...signedHeaders(body, options) }, body };
  }
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
