import type { Language } from '@inkstream/contracts';

export interface SeoCopy {
  /** The same tagline as the web app's `common.tagline`. */
  tagline: string;
  /** Home page description; `{site}` is the site name. */
  homeDescription: string;
  contactUs: string;
  /** The privacy policy's and the terms' page titles (as the web app's `legal.json`). */
  privacy: string;
  terms: string;
  notFound: string;
  /** A search results page's title (`/search?q=`), and the page's title without a query. */
  search: (query: string) => string;
  searchEmpty: string;
  /** Shown when a chapter has no title in any language. */
  chapter: (number: number) => string;
}

/** The few sentences the server writes into page heads, in every language the product speaks. */
export const SEO_COPY: Record<Language, SeoCopy> = {
  'zh-cn': {
    tagline: '新一代爆款漫画',
    homeDescription: '{site}：新一代爆款漫画。在线阅读漫画和网络小说。',
    contactUs: '联系我们',
    privacy: '隐私政策',
    terms: '使用条款',
    notFound: '页面不存在',
    search: (q) => `搜索：${q}`,
    searchEmpty: '搜索',
    chapter: (n) => `第${n}话`,
  },
  'en-us': {
    tagline: 'Next-generation hype comics',
    homeDescription: '{site}: next-generation hype comics. Read comics and web novels online.',
    contactUs: 'Contact us',
    privacy: 'Privacy policy',
    terms: 'Terms of use',
    notFound: 'Page not found',
    search: (q) => `Search: ${q}`,
    searchEmpty: 'Search',
    chapter: (n) => `Chapter ${n}`,
  },
  'fr-fr': {
    tagline: 'Les BD qui font sensation, nouvelle génération',
    homeDescription: '{site}\u00a0: les BD qui font sensation, nouvelle génération. Lisez des BD et des romans web en ligne.',
    contactUs: 'Nous contacter',
    privacy: 'Politique de confidentialité',
    terms: "Conditions d'utilisation",
    notFound: 'Page introuvable',
    search: (q) => `Recherche\u00a0: ${q}`,
    searchEmpty: 'Recherche',
    chapter: (n) => `Chapitre ${n}`,
  },
  'es-es': {
    tagline: 'Los cómics del momento, nueva generación',
    homeDescription: '{site}: los cómics del momento, nueva generación. Lee cómics y novelas web en línea.',
    contactUs: 'Contáctanos',
    privacy: 'Política de privacidad',
    terms: 'Condiciones de uso',
    notFound: 'Página no encontrada',
    search: (q) => `Búsqueda: ${q}`,
    searchEmpty: 'Búsqueda',
    chapter: (n) => `Capítulo ${n}`,
  },
  'ar-sa': {
    tagline: 'قصص مصورة رائجة من الجيل الجديد',
    homeDescription: '{site}: قصص مصورة رائجة من الجيل الجديد. اقرأ القصص المصورة والروايات الإلكترونية عبر الإنترنت.',
    contactUs: 'اتصل بنا',
    privacy: 'سياسة الخصوصية',
    terms: 'شروط الاستخدام',
    notFound: 'الصفحة غير موجودة',
    search: (q) => `بحث: ${q}`,
    searchEmpty: 'بحث',
    chapter: (n) => `الفصل ${n}`,
  },
};
