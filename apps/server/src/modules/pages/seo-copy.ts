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
  /** The release calendar's and the rankings' heads (issue 46; titles as the web app's `discovery.json`). */
  schedule: { title: string; description: string };
  rankings: { title: string; description: string };
  /** A credited person's page: what it lists. */
  authorDescription: (name: string, books: number) => string;
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
    schedule: { title: '更新日历', description: '本周每天更新的漫画和小说，以及已完结的作品。' },
    rankings: { title: '排行榜', description: '人气、高分、上升最快、新作和完结作品排行，可按类型和题材筛选。' },
    authorDescription: (name, n) => `${name}的作品（${n}部）：在线阅读漫画和网络小说。`,
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
    schedule: { title: 'Release calendar', description: "This week's releases day by day, and the completed books." },
    rankings: {
      title: 'Rankings',
      description: 'The most read, top rated, rising, new and completed comics and novels, overall and by genre.',
    },
    authorDescription: (name, n) => `${n === 1 ? '1 book' : `${n} books`} by ${name}: read comics and web novels online.`,
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
    schedule: { title: 'Calendrier des sorties', description: 'Les sorties de la semaine jour par jour, et les séries terminées.' },
    rankings: {
      title: 'Classements',
      description: 'Les BD et romans les plus lus, les mieux notés, en progression, nouveaux et terminés, en tout et par genre.',
    },
    authorDescription: (name, n) => `${n === 1 ? '1 œuvre' : `${n} œuvres`} de ${name}\u00a0: lisez des BD et des romans web en ligne.`,
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
    schedule: { title: 'Calendario de estrenos', description: 'Los estrenos de la semana día a día y las series terminadas.' },
    rankings: {
      title: 'Rankings',
      description: 'Los cómics y novelas más leídos, mejor valorados, en ascenso, nuevos y terminados, en general y por género.',
    },
    authorDescription: (name, n) => `${n === 1 ? '1 obra' : `${n} obras`} de ${name}: lee cómics y novelas web en línea.`,
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
    schedule: { title: 'جدول الإصدارات', description: 'إصدارات هذا الأسبوع يومًا بيوم، والأعمال المكتملة.' },
    rankings: {
      title: 'التصنيفات',
      description: 'القصص المصورة والروايات الأكثر قراءة والأعلى تقييمًا والصاعدة والجديدة والمكتملة، إجمالًا وحسب النوع.',
    },
    authorDescription: (name, n) => `أعمال ${name} (${n}): اقرأ القصص المصورة والروايات الإلكترونية عبر الإنترنت.`,
  },
};
