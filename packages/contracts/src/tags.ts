/**
 * Canonical genre tags: the Chinese source strings are what the API stores and returns;
 * the English names are for documentation and the demo catalogue. The web app translates them.
 */
export const GENRE_TAGS = {
  历史穿越: 'historical transmigration',
  古典武侠: 'classical wuxia',
  未来科幻: 'future science fiction',
  玄幻奇幻: 'xuanhuan fantasy',
  现代都市: 'modern urban',
  都市言情: 'urban romance',
  古代言情: 'ancient romance',
  末世危机: 'post-apocalyptic',
  架空历史: 'alternate history',
  西方奇幻: 'western fantasy',
  悬疑推理: 'mystery',
} as const;

export type GenreTag = keyof typeof GENRE_TAGS;
export const GENRE_TAG_LIST = Object.keys(GENRE_TAGS) as GenreTag[];

/**
 * The genre tags' names as the web app shows them in each language but Chinese (where the name is
 * the tag itself): the search finds a book by its tags in any of them. The web's translations
 * (common.json `tags`) are checked against this table by a test, so the two cannot drift.
 */
export const GENRE_TAG_NAMES: Record<GenreTag, readonly string[]> = {
  历史穿越: ['Historical transmigration', 'Voyage dans l’histoire', 'Viaje a la historia', 'السفر عبر التاريخ'],
  古典武侠: ['Classical wuxia', 'Wuxia classique', 'Wuxia clásico', 'فنون القتال الكلاسيكية'],
  未来科幻: ['Future sci-fi', 'Science-fiction', 'Ciencia ficción', 'خيال علمي مستقبلي'],
  玄幻奇幻: ['Xuanhuan fantasy', 'Fantasy xuanhuan', 'Fantasía xuanhuan', 'فانتازيا شرقية'],
  现代都市: ['Modern urban', 'Urbain moderne', 'Urbano moderno', 'حياة المدينة'],
  都市言情: ['Urban romance', 'Romance urbaine', 'Romance urbano', 'رومانسية حضرية'],
  古代言情: ['Ancient romance', 'Romance historique', 'Romance de época', 'رومانسية تاريخية'],
  末世危机: ['Post-apocalyptic', 'Post-apocalyptique', 'Postapocalíptico', 'ما بعد نهاية العالم'],
  架空历史: ['Alternate history', 'Uchronie', 'Historia alternativa', 'تاريخ بديل'],
  西方奇幻: ['Western fantasy', 'Fantasy occidentale', 'Fantasía occidental', 'فانتازيا غربية'],
  悬疑推理: ['Mystery', 'Mystère', 'Misterio', 'غموض وتشويق'],
};
