import { PLAN_NAMES } from '@inkstream/contracts/plan-names';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/language';

// docs/GLOSSARY.md, "Words readers see": one word per thing per language, on the site, in the
// console and in the e-mails (issue 40, item 18).
const web = import.meta.glob<{ default: unknown }>(['./locales/*/*.json', './locales/*/admin/*.json'], { eager: true });
const mail = import.meta.glob<{ default: unknown }>('../../../server/src/modules/mail/locales/*/*.json', { eager: true });

const language = (path: string) => /locales\/([a-z]{2}-[a-z]{2})\//.exec(path)?.[1];
const fileOf = (files: Record<string, { default: unknown }>, lang: string, name: string) =>
  Object.entries(files).find(([path]) => language(path) === lang && path.endsWith(`/${name}.json`))?.[1].default as Record<string, unknown>;

describe('the glossary of words readers see', () => {
  it('finds the texts it checks', () => {
    expect(Object.keys(web).filter((path) => language(path) === 'zh-cn').length).toBeGreaterThan(20);
    expect(Object.keys(mail).filter((path) => language(path) === 'zh-cn').length).toBeGreaterThan(5);
  });

  it('zh-cn speaks to the reader as 你 everywhere, never 您 (site, console and e-mails)', () => {
    const polite = Object.entries({ ...web, ...mail })
      .filter(([path]) => language(path) === 'zh-cn')
      .flatMap(([path, file]) => (JSON.stringify(file.default).includes('您') ? [path] : []));
    expect(polite).toEqual([]);
  });

  it('zh-cn calls a coupon 兑换码 everywhere (the console said 优惠码 too)', () => {
    const other = Object.entries({ ...web, ...mail })
      .filter(([path]) => language(path) === 'zh-cn')
      .flatMap(([path, file]) => (JSON.stringify(file.default).includes('优惠码') ? [path] : []));
    expect(other).toEqual([]);
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: a plan has one name on the site, in the console and in receipts`, () => {
      const site = (fileOf(web, lang, 'plans') as { names: Record<string, string> }).names;
      const console = (fileOf(web, lang, 'admin-orders') as { plan: Record<string, string> }).plan;
      expect(site).toEqual(PLAN_NAMES[lang]);
      expect(console).toEqual(PLAN_NAMES[lang]);
    });
  }
});
