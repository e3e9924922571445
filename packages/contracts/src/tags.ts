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
