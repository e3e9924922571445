/** The parts of a WeChat Pay transaction (query answer, decrypted notification) that we act on. */
export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string | null;
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR. */
  trade_state: string;
  amount_total: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** Reads a transaction object; null when a field we rely on is missing or of the wrong type. */
export function readTransaction(value: unknown): WechatTransaction | null {
  if (!isRecord(value)) return null;
  const appid = str(value.appid);
  const mchid = str(value.mchid);
  const outTradeNo = str(value.out_trade_no);
  const tradeState = str(value.trade_state);
  if (!appid || !mchid || !outTradeNo || !tradeState) return null;
  const amount = isRecord(value.amount) ? value.amount : null;
  const total = amount && Number.isSafeInteger(amount.total) ? (amount.total as number) : null;
  return {
    appid,
    mchid,
    out_trade_no: outTradeNo,
    transaction_id: str(value.transaction_id),
    trade_state: tradeState,
    amount_total: total,
  };
}

/** A refund notification's resource (REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED). */
export interface WechatRefund {
  mchid: string;
  out_trade_no: string;
  refund_id: string;
  refund_status: string;
  /** Refunded and original amounts in fen. */
  refund: number;
  total: number;
}

export function readRefund(value: unknown): WechatRefund | null {
  if (!isRecord(value) || !isRecord(value.amount)) return null;
  const mchid = str(value.mchid);
  const outTradeNo = str(value.out_trade_no);
  const refundId = str(value.refund_id);
  const status = str(value.refund_status);
  const { refund, total } = value.amount;
  if (!mchid || !outTradeNo || !refundId || !status || !Number.isSafeInteger(refund) || !Number.isSafeInteger(total)) return null;
  return { mchid, out_trade_no: outTradeNo, refund_id: refundId, refund_status: status, refund: refund as number, total: total as number };
}

/** A deduction contract as PAPAY.SIGN and PAPAY.TERMINATE describe it (委托代扣, issue 59). */
export interface WechatContractResource {
  mchid: string;
  appid: string;
  plan_id: number;
  out_contract_code: string;
  contract_id: string;
}

export function readContract(value: unknown): WechatContractResource | null {
  if (!isRecord(value)) return null;
  const mchid = str(value.mchid);
  const appid = str(value.appid);
  const code = str(value.out_contract_code);
  const contractId = str(value.contract_id);
  const planId = typeof value.plan_id === 'string' && /^\d{1,12}$/.test(value.plan_id) ? Number(value.plan_id) : value.plan_id;
  if (!mchid || !appid || !code || !contractId || !Number.isSafeInteger(planId)) return null;
  if (code.length > 64 || contractId.length > 64) return null;
  return { mchid, appid, plan_id: planId as number, out_contract_code: code, contract_id: contractId };
}
