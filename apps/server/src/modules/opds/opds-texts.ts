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
  /** A novel's EPUB: its entry in the book feed, and the page after its chapters ({n}: a number). */
  novels: { epub: readonly [title: string, content: string]; leftOut: string; membersOnly: string; pastCap: string; none: string };
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
    novels: {
      epub: ['Whole book (EPUB)', 'Every chapter you may read now, in one EPUB file'],
      leftOut: 'Not in this file',
      membersOnly: '{n} chapters are for members only: top up on the site, then download the book again.',
      pastCap: 'This file holds the first {n} chapters; read the rest on the site.',
      none: 'No chapter of this book can be read yet.',
    },
  },
  'zh-cn': {
    new: ['最新', '最近更新的作品'],
    popular: ['热门', '阅读最多的作品'],
    tags: ['按标签', '按标签浏览作品'],
    library: ['我的书架', '你关注的作品'],
    continue: ['继续阅读', '上次读到的地方'],
    search: '搜索',
    chapters: { membersOnly: '会员专享', membersOnlySummary: '会员专享：请在网站充值后阅读本章', free: '免费' },
    novels: {
      epub: ['整本书（EPUB）', '你现在可以阅读的全部章节，合成一个 EPUB 文件'],
      leftOut: '本文件未收录',
      membersOnly: '{n} 章为会员专享：请在网站充值后重新下载本书。',
      pastCap: '本文件收录前 {n} 章，其余章节请在网站阅读。',
      none: '本书暂无可阅读的章节。',
    },
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
    novels: {
      epub: ['Livre entier (EPUB)', 'Tous les chapitres que vous pouvez lire maintenant, en un fichier EPUB'],
      leftOut: 'Absent de ce fichier',
      membersOnly: '{n} chapitres sont réservés aux membres : rechargez sur le site, puis téléchargez à nouveau le livre.',
      pastCap: 'Ce fichier contient les {n} premiers chapitres ; lisez la suite sur le site.',
      none: 'Aucun chapitre de ce livre ne peut encore être lu.',
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
    novels: {
      epub: ['Libro completo (EPUB)', 'Todos los capítulos que puedes leer ahora, en un archivo EPUB'],
      leftOut: 'No incluido en este archivo',
      membersOnly: '{n} capítulos son solo para miembros: recarga en el sitio y vuelve a descargar el libro.',
      pastCap: 'Este archivo contiene los primeros {n} capítulos; lee el resto en el sitio.',
      none: 'Todavía no se puede leer ningún capítulo de este libro.',
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
    novels: {
      epub: ['الكتاب كاملًا (EPUB)', 'كل الفصول التي يمكنك قراءتها الآن في ملف EPUB واحد'],
      leftOut: 'غير موجود في هذا الملف',
      membersOnly: '{n} من الفصول للأعضاء فقط: اشحن رصيدك على الموقع ثم نزّل الكتاب مرة أخرى.',
      pastCap: 'يحتوي هذا الملف على أول {n} فصل؛ اقرأ البقية على الموقع.',
      none: 'لا يوجد فصل يمكن قراءته في هذا الكتاب بعد.',
    },
  },
};

export const feedTexts = (language: Language): FeedTexts => TEXTS[language];
