import { OrderPlan } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Bundle } from '../../../i18n/translator';
import { LANGUAGES } from '../../../lib/language';
import { orderPlanLabel, planKindName, planNameOf } from './order-plan';

const bundles = import.meta.glob<{ default: Bundle }>('../../../i18n/locales/*/admin/admin-orders.json', { eager: true });
const ordersT = (language: (typeof LANGUAGES)[number]) => {
  const bundle = Object.entries(bundles).find(([path]) => path.includes(`/${language}/`))![1].default;
  return createTranslator(language, { 'admin-orders': bundle }).fixedT('admin-orders');
};
/** Every kind of order the contract lists, read from its schema, so a kind added there is tested here. */
const PLANS = OrderPlan.anyOf.map((schema) => schema.const as OrderPlan);

const UNFILLED = /\{\{|plan\.|coinPack|coinCount/;

describe('the console names what an order bought (issue 56, item 6)', () => {
  it('knows the three kinds of the contract', () => {
    expect(PLANS.sort()).toEqual(['coins', 'month', 'season']);
  });

  for (const language of LANGUAGES) {
    it(`${language}: every kind has a name and an order label, never a raw key`, () => {
      const t = ordersT(language);
      for (const plan of PLANS) {
        const order =
          plan === 'coins'
            ? { plan, months: 0, coins: 500, bonus_coins: 50 }
            : { plan, months: plan === 'month' ? 1 : 3, coins: 0, bonus_coins: 0 };
        expect(planKindName(plan, t)).not.toMatch(UNFILLED);
        expect(planNameOf(plan, t)).toBe(planKindName(plan, t));
        expect(orderPlanLabel(order, t, language)).not.toMatch(UNFILLED);
      }
    });
  }

  it('names a coin pack by its coins and bonus, and a membership by its length', () => {
    const t = ordersT('en-us');
    expect(orderPlanLabel({ plan: 'coins', months: 0, coins: 500, bonus_coins: 0 }, t, 'en-us')).toBe('Coin pack: 500 coins');
    expect(orderPlanLabel({ plan: 'coins', months: 0, coins: 1000, bonus_coins: 100 }, t, 'en-us')).toBe(
      'Coin pack: 1,000 coins + 100 bonus',
    );
    expect(orderPlanLabel({ plan: 'month', months: 1, coins: 0, bonus_coins: 0 }, t, 'en-us')).toBe('Monthly pass');
    const zh = ordersT('zh-cn');
    expect(orderPlanLabel({ plan: 'coins', months: 0, coins: 500, bonus_coins: 0 }, zh, 'zh-cn')).toBe('金币套餐：500 金币');
    const ar = ordersT('ar-sa');
    expect(orderPlanLabel({ plan: 'coins', months: 0, coins: 5, bonus_coins: 0 }, ar, 'ar-sa')).toBe('باقة عملات: 5 عملات');
    expect(planNameOf('something-new', t)).toBe('something-new');
  });
});
