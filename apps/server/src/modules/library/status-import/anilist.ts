import type { ReadingStatus } from '@inkstream/contracts';
import { checkEntryCount, cleanTitles, isRecord, parseJson, unreadable, type ImportEntry } from './entries.js';

/**
 * Issue 61: AniList's list as readers export it: the answer of its GraphQL MediaListCollection
 * query (what the export tools save), each list's entries with status and media titles:
 *   {"data":{"MediaListCollection":{"lists":[{"name":"Reading","status":"CURRENT","entries":[
 *     {"status":"CURRENT","media":{"id":30013,"title":{"romaji":"…","english":"…","native":"…"},
 *      "synonyms":["…"]}}]}]}}}
 * Also taken: the MediaListCollection object itself, {lists:[…]}, or a flat array of entries. An
 * entry found in several lists (a custom list and its status list) counts once.
 */
const ANILIST_STATUSES: Record<string, ReadingStatus> = {
  CURRENT: 'reading',
  PLANNING: 'plan_to_read',
  COMPLETED: 'completed',
  DROPPED: 'dropped',
  PAUSED: 'on_hold',
  REPEATING: 're_reading',
};

function entriesOf(root: unknown): { entries: unknown[]; listStatus: (string | null)[] } | null {
  if (Array.isArray(root)) return { entries: root, listStatus: root.map(() => null) };
  if (!isRecord(root)) return null;
  const collection = isRecord(root.data) ? root.data.MediaListCollection : (root.MediaListCollection ?? root);
  if (!isRecord(collection) || !Array.isArray(collection.lists)) return null;
  const entries: unknown[] = [];
  const listStatus: (string | null)[] = [];
  for (const list of collection.lists) {
    if (!isRecord(list) || !Array.isArray(list.entries)) continue;
    for (const entry of list.entries) {
      entries.push(entry);
      listStatus.push(typeof list.status === 'string' ? list.status : null);
      checkEntryCount(entries.length);
    }
  }
  return { entries, listStatus };
}

export function parseAnilist(text: string): ImportEntry[] {
  const found = entriesOf(parseJson(text, 'AniList'));
  if (!found) throw unreadable('This is not an AniList export: no MediaListCollection lists or entries in the file');
  checkEntryCount(found.entries.length);
  const seen = new Set<string>();
  const entries: ImportEntry[] = [];
  found.entries.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    const media = isRecord(entry.media) ? entry.media : {};
    const id = media.id ?? entry.mediaId;
    const sourceId = typeof id === 'number' || typeof id === 'string' ? String(id) : null;
    if (sourceId !== null) {
      if (seen.has(sourceId)) return;
      seen.add(sourceId);
    }
    const title = isRecord(media.title) ? media.title : {};
    const synonyms = Array.isArray(media.synonyms) ? media.synonyms : [];
    const raw = typeof entry.status === 'string' ? entry.status : (found.listStatus[index] ?? '');
    entries.push({
      sourceId,
      titles: cleanTitles([title.english, title.romaji, title.native, title.userPreferred, ...synonyms]),
      status: ANILIST_STATUSES[raw.toUpperCase()] ?? null,
      rawStatus: raw,
    });
  });
  return entries;
}
