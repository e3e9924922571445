import type { MailTemplate } from '../mail-template.js';

/** After a coupon redemption: data from notices/receipts.ts queueCouponReceipt. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [
    { paragraph: 'intro' },
    {
      rows: [
        ['coupon', 'coupon'],
        ['plan', 'plan'],
        ['redeemed_at', 'redeemed_at'],
        ['member_until', 'member_until'],
      ],
    },
  ],
  footer: 'footer',
};
export default template;
