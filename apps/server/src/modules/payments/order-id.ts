import { randomBytes } from 'node:crypto';

/** Our order number: `IS`, the UTC date and 80 random bits (WeChat's out_trade_no takes up to 32 characters). */
export const newOrderId = (now: number) =>
  `IS${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(10).toString('hex').toUpperCase()}`;
