import type { Language } from '@inkstream/contracts';

/**
 * The feeds' own words (the rest is catalogue data, already in the reader's language): the root's
 * entries, the feed titles and the marks of a chapter. Plain text: the XML writer escapes it.
 */
export interface FeedTexts {
  new: readonly [title: string, content: string];
  popular: readonly [title: string, content: string];
  tags: readonly [title: string, content: string];
  library: readonly [title: string, content: string];
  continue: readonly [title: string, content: string];
  search: string;
  chapters: { membersOnly: string; membersOnlySummary: string; free: string };
}

const TEXTS: Record<Language, FeedTexts> = {
  'en-us': {
    new: ['New', 'Books with new chapters first'],
    popular: ['Popular', 'The most read books'],
    tags: ['By tag', 'Books by tag'],
    library: ['My library', 'The books you follow'],
    continue: ['Continue reading', 'Where you stopped'],
    search: 'Search',
    chapters: { membersOnly: 'Members only', membersOnlySummary: 'Members only: top up on the site to read this chapter', free: 'Free' },
  },
  'zh-cn': {
    new: ['最新', '最近更新的作品'],
    popular: ['热门', '阅读最多的作品'],
    tags: ['按标签', '按标签浏览作品'],
    library: ['我的书架', '你关注的作品'],
    continue: ['继续阅读', '上次读到的地方'],
    search: '搜索',
    chapters: { membersOnly: '会员专享', membersOnlySummary: '会员专享：请在网站充值后阅读本章', free: '免费' },
  },
  'fr-fr': {
    new: ['Nouveautés', 'Les livres aux nouveaux chapitres d’abord'],
    popular: ['Populaires', 'Les livres les plus lus'],
    tags: ['Par tag', 'Les livres par tag'],
    library: ['Ma bibliothèque', 'Les livres que vous suivez'],
    continue: ['Reprendre la lecture', 'Là où vous vous êtes arrêté'],
    search: 'Recherche',
    chapters: {
      membersOnly: 'Réservé aux membres',
      membersOnlySummary: 'Réservé aux membres : rechargez sur le site pour lire ce chapitre',
      free: 'Gratuit',
    },
  },
  'es-es': {
    new: ['Novedades', 'Primero los libros con capítulos nuevos'],
    popular: ['Populares', 'Los libros más leídos'],
    tags: ['Por etiqueta', 'Libros por etiqueta'],
    library: ['Mi biblioteca', 'Los libros que sigues'],
    continue: ['Seguir leyendo', 'Donde lo dejaste'],
    search: 'Buscar',
    chapters: {
      membersOnly: 'Solo para miembros',
      membersOnlySummary: 'Solo para miembros: recarga en el sitio para leer este capítulo',
      free: 'Gratis',
    },
  },
  'ar-sa': {
    new: ['الجديد', 'الكتب ذات الفصول الجديدة أولًا'],
    popular: ['الأكثر قراءة', 'الكتب الأكثر قراءة'],
    tags: ['حسب الوسم', 'الكتب حسب الوسم'],
    library: ['مكتبتي', 'الكتب التي تتابعها'],
    continue: ['متابعة القراءة', 'حيث توقفت'],
    search: 'بحث',
    chapters: { membersOnly: 'للأعضاء فقط', membersOnlySummary: 'للأعضاء فقط: اشحن رصيدك على الموقع لقراءة هذا الفصل', free: 'مجاني' },
  },
};

export const feedTexts = (language: Language): FeedTexts => TEXTS[language];
