import { letter } from './letter.js';

/** After a coupon redemption: data from notices/receipts.ts queueCouponReceipt. */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['coupon', 'coupon'],
      ['plan', 'plan'],
      ['redeemed_at', 'redeemed_at'],
      ['member_until', 'member_until'],
    ],
  },
);
export default template;
