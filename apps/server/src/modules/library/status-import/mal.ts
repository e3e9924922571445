import type { ReadingStatus } from '@inkstream/contracts';
import { Parser } from 'htmlparser2';
import { checkEntryCount, cleanTitles, unreadable, type ImportEntry } from './entries.js';

/**
 * Issue 61: MyAnimeList's manga list export (Profile → Export → Manga List, a .xml.gz):
 *   <myanimelist><myinfo>…</myinfo>
 *     <manga><manga_mangadb_id>2</manga_mangadb_id><manga_title><![CDATA[Berserk]]></manga_title>
 *       <my_status>Reading</my_status><my_read_chapters>…</my_read_chapters>…</manga>…
 *   </myanimelist>
 * Read with htmlparser2's streaming parser in XML mode (already a dependency): it knows only the
 * five XML entities and numeric references, never expands a DTD's entities (a DOCTYPE is skipped
 * as a declaration), and keeps no tree, so a large file costs one entry at a time.
 */
const MAL_STATUSES: Record<string, ReadingStatus> = {
  reading: 'reading',
  completed: 'completed',
  'on-hold': 'on_hold',
  'on hold': 'on_hold',
  dropped: 'dropped',
  'plan to read': 'plan_to_read',
  // Older exports and MAL's API write the numbers.
  '1': 'reading',
  '2': 'completed',
  '3': 'on_hold',
  '4': 'dropped',
  '6': 'plan_to_read',
};

export function parseMal(xml: string): ImportEntry[] {
  const entries: ImportEntry[] = [];
  let sawRoot = false;
  let current: { id: string; title: string; status: string; rereading: string } | null = null;
  let field: string | null = null;
  let text = '';

  const parser = new Parser(
    {
      onopentag(name) {
        const tag = name.toLowerCase();
        if (tag === 'myanimelist') sawRoot = true;
        else if (tag === 'manga' && sawRoot) current = { id: '', title: '', status: '', rereading: '' };
        else if (current) {
          field = tag;
          text = '';
        }
      },
      ontext(chunk) {
        if (field) text += chunk;
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (current && field === tag) {
          if (tag === 'manga_mangadb_id') current.id = text.trim();
          else if (tag === 'manga_title') current.title = text;
          else if (tag === 'my_status') current.status = text.trim();
          else if (tag === 'my_rereading' || tag === 'my_reread_value') current.rereading ||= text.trim();
          field = null;
        } else if (tag === 'manga' && current) {
          const raw = current.status;
          let status = MAL_STATUSES[raw.toLowerCase()] ?? null;
          // MAL marks a re-read as completed with a re-reading flag.
          if (status === 'completed' && /^(1|yes|true)$/i.test(current.rereading)) status = 're_reading';
          entries.push({ sourceId: current.id || null, titles: cleanTitles([current.title]), status, rawStatus: raw });
          checkEntryCount(entries.length);
          current = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(xml.replace(/^\uFEFF/, ''));
  if (!sawRoot) throw unreadable('This is not a MyAnimeList export: no <myanimelist> list in the file');
  return entries;
}
