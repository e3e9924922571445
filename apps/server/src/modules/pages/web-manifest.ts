import type { Language } from '@inkstream/contracts';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { htmlLang, isRightToLeft } from './seo-language.js';

/**
 * The install manifest (docs/WEB.md "The installable app"), one per language (issue 56): the app's
 * description and its shortcuts in the page's language, `lang` and `dir` with them. The rest (the
 * id, scope, colours, icons) is the same in every language, so an app installed in one language
 * stays the same app (`id` "/") when its manifest is fetched in another.
 */
interface ManifestCopy {
  description: string;
  library: { name: string; description: string };
  offline: { name: string; description: string };
}

/** The words, as the web app says them (common.json's tagline, the header's Library and Offline reading). */
export const WEB_MANIFEST_COPY: Record<Language, ManifestCopy> = {
  'en-us': {
    description: 'Next-generation hype comics. Read comics and web novels online, and saved chapters with no connection.',
    library: { name: 'Library', description: 'The books you follow and the chapters you read' },
    offline: { name: 'Offline reading', description: 'Chapters saved for reading with no connection' },
  },
  'zh-cn': {
    description: '新一代爆款漫画。在线阅读漫画和网络小说，没有网络时也能读已保存的章节。',
    library: { name: '书架', description: '你追的作品和读过的章节' },
    offline: { name: '离线阅读', description: '保存下来、没有网络也能读的章节' },
  },
  'fr-fr': {
    description:
      'Les BD qui font sensation, nouvelle génération. Lisez BD et romans en ligne, et les chapitres enregistrés sans connexion.',
    library: { name: 'Bibliothèque', description: 'Les livres que vous suivez et les chapitres que vous avez lus' },
    offline: { name: 'Lecture hors ligne', description: 'Les chapitres enregistrés pour les lire sans connexion' },
  },
  'es-es': {
    description: 'Los cómics del momento, nueva generación. Lee cómics y novelas en línea, y los capítulos guardados sin conexión.',
    library: { name: 'Biblioteca', description: 'Los libros que sigues y los capítulos que has leído' },
    offline: { name: 'Lectura sin conexión', description: 'Capítulos guardados para leer sin conexión' },
  },
  'ar-sa': {
    description: 'قصص مصورة رائجة من الجيل الجديد. اقرأ القصص المصورة والروايات على الإنترنت، والفصول المحفوظة دون اتصال.',
    library: { name: 'مكتبتي', description: 'الكتب التي تتابعها والفصول التي قرأتها' },
    offline: { name: 'القراءة دون اتصال', description: 'فصول محفوظة لقراءتها دون اتصال' },
  },
};

/** The manifest of `language`; `siteName` is the app's name (the same in every language). */
export function webManifest(language: Language, siteName: string) {
  const copy = WEB_MANIFEST_COPY[language];
  return {
    id: '/',
    name: siteName,
    short_name: siteName,
    description: copy.description,
    lang: htmlLang(language),
    dir: isRightToLeft(language) ? 'rtl' : 'ltr',
    start_url: PAGE_PATTERNS.home,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1f1b3a',
    background_color: '#5b3fd6',
    categories: ['books', 'entertainment'],
    prefer_related_applications: false,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    shortcuts: [
      {
        name: copy.library.name,
        short_name: copy.library.name,
        description: copy.library.description,
        url: PAGE_PATTERNS.library,
        icons: [{ src: '/icons/shortcut-library-192.png', sizes: '192x192', type: 'image/png' }],
      },
      {
        name: copy.offline.name,
        short_name: copy.offline.name,
        description: copy.offline.description,
        url: PAGE_PATTERNS.offline,
        icons: [{ src: '/icons/shortcut-offline-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}
