import type { AdminOrder, OrderPlan } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import type { TFunction } from '../../../i18n/translator';
import type { Language } from '../../../lib/language';

/** What the console names an order by: its kind, and for a coin pack the coins it sold. */
export type OrderBought = Pick<AdminOrder, 'plan' | 'months' | 'coins' | 'bonus_coins'>;

interface PlanWords {
  /** The kind alone (incidents, the dashboard's revenue lines): "Monthly pass", "Coin pack". */
  kind(t: TFunction): string;
  /** One order's purchase: "Monthly pass" (its name says its length), "Coin pack: 500 coins + 50 bonus". */
  order(order: OrderBought, t: TFunction, language: Language): string;
}

const membership = (plan: 'month' | 'season'): PlanWords => ({
  kind: (t) => t(`plan.${plan}`),
  order: (_order, t) => t(`plan.${plan}`),
});

/**
 * One entry per kind of order the contract knows (`t` is the `admin-orders` namespace's). A mapped
 * type over OrderPlan, so a kind added to the contract does not compile until it has its words here
 * (the console once showed the raw key `plan.coins` for coin packs: issue 56).
 */
const PLAN_WORDS: { [Plan in OrderPlan]: PlanWords } = {
  month: membership('month'),
  season: membership('season'),
  coins: {
    kind: (t) => t('coinPackKind'),
    order: (order, t, language) => {
      const coins = t('coinCount', { count: order.coins });
      return order.bonus_coins > 0
        ? t('coinPackBonus', { coins, bonus: formatCount(order.bonus_coins, language) })
        : t('coinPack', { coins });
    },
  },
};

export const planKindName = (plan: OrderPlan, t: TFunction): string => PLAN_WORDS[plan].kind(t);

export const orderPlanLabel = (order: OrderBought, t: TFunction, language: Language): string =>
  PLAN_WORDS[order.plan].order(order, t, language);

/** A plan as a string from elsewhere (the dashboard's `provider:plan` keys): named when known, else as it is. */
export const planNameOf = (plan: string, t: TFunction): string =>
  Object.hasOwn(PLAN_WORDS, plan) ? PLAN_WORDS[plan as OrderPlan].kind(t) : plan;
