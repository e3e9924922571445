/** Membership plans (spec section 9): month card 10 yuan / 1 month, season card 27 yuan / 3 months. */
export const PLANS = {
  month: { months: 1, amountFen: 1000 },
  season: { months: 3, amountFen: 2700 },
} as const;
export type PlanId = keyof typeof PLANS;
/** The currency of the plans' prices: `amountFen` is in fen, hundredths of a yuan. */
export const PLAN_CURRENCY = 'CNY';

export const planForMonths = (months: number): PlanId | null => (months === 1 ? 'month' : months === 3 ? 'season' : null);
