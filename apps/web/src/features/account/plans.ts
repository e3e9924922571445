/** Membership plans of spec section 9: month card 10 yuan / 1 month, season card 27 yuan / 3 months. */
export interface Plan {
  id: 'month' | 'season';
  months: 1 | 3;
  priceYuan: number;
}

export const PLANS: readonly Plan[] = [
  { id: 'month', months: 1, priceYuan: 10 },
  { id: 'season', months: 3, priceYuan: 27 },
];

/** The Chinese region gets WeChat Pay on top of the card-payment buttons (spec sections 1 and 2). */
export const offersWeChatPay = (language: string) => language === 'zh-cn';
