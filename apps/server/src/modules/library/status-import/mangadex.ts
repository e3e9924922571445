import { READING_STATUSES, type ReadingStatus } from '@inkstream/contracts';
import { checkEntryCount, cleanTitles, isRecord, parseJson, unreadable, type ImportEntry } from './entries.js';

/**
 * Issue 61: MangaDex. Its reading statuses (GET /manga/status, what readers save) carry only ids:
 *   {"result":"ok","statuses":{"<manga uuid>":"reading"|"on_hold"|"plan_to_read"|"dropped"|"re_reading"|"completed"}}
 * Titles come from its manga list / follows shape (GET /user/follows/manga, a list's manga), joined
 * by id: {"data":[{"id":"<uuid>","type":"manga","attributes":{"title":{"en":"…"},"altTitles":[{"ja":"…"},…]}}]}.
 * The two may come as two files (`content` statuses, `titles` the list) or one object holding both
 * `statuses` and `data`. An entry of `data` with no status (a follow) is not imported; a status
 * with no title is reported unmatched (no_title).
 */
const MANGADEX_STATUSES = new Set<string>(READING_STATUSES);

function titlesById(root: unknown, into: Map<string, string[]>): boolean {
  if (!isRecord(root) || !Array.isArray(root.data)) return false;
  for (const manga of root.data) {
    if (!isRecord(manga) || typeof manga.id !== 'string' || !isRecord(manga.attributes)) continue;
    const { title, altTitles } = manga.attributes;
    const values: unknown[] = isRecord(title) ? Object.values(title) : [];
    if (Array.isArray(altTitles)) for (const alt of altTitles) if (isRecord(alt)) values.push(...Object.values(alt));
    into.set(manga.id.toLowerCase(), cleanTitles(values));
  }
  return true;
}

export function parseMangadex(text: string, titlesText?: string): ImportEntry[] {
  const root = parseJson(text, 'MangaDex');
  if (!isRecord(root) || !isRecord(root.statuses)) {
    throw unreadable('This is not a MangaDex reading-status file: no "statuses" object in the file');
  }
  const titles = new Map<string, string[]>();
  titlesById(root, titles);
  if (titlesText !== undefined && titlesText.trim() !== '') {
    if (!titlesById(parseJson(titlesText, 'MangaDex list'), titles)) {
      throw unreadable('The titles file is not a MangaDex list: no "data" array in it');
    }
  }
  const statuses = Object.entries(root.statuses);
  checkEntryCount(statuses.length);
  return statuses.map(([id, value]) => {
    const raw = typeof value === 'string' ? value : '';
    return {
      sourceId: id,
      titles: titles.get(id.toLowerCase()) ?? [],
      status: MANGADEX_STATUSES.has(raw) ? (raw as ReadingStatus) : null,
      rawStatus: raw,
    };
  });
}
