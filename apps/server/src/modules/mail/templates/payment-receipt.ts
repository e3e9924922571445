import type { MailTemplate } from '../mail-template.js';

/** After a paid order (WeChat Pay, Stripe, sandbox): data from notices/receipts.ts queuePaymentReceipt. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [
    { paragraph: 'intro' },
    {
      rows: [
        ['plan', 'plan'],
        ['amount', 'amount'],
        ['order', 'order'],
        ['paid_at', 'paid_at'],
        ['member_until', 'member_until'],
      ],
    },
    { paragraph: 'keep' },
  ],
  footer: 'footer',
};
export default template;
