import {
  ErrorCode,
  STATUS_IMPORT_REPORT_MAX,
  STATUSES_MAX,
  type ImportEntryReport,
  type ImportStatusesBody,
  type ImportStatusesReport,
  type ReadingStatus,
} from '@inkstream/contracts';
import type { Audiences } from '../../access/audiences.js';
import { openableRatings } from '../../access/content-rating.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { refuseLeftReader } from '../../users/account-guard.js';
import { parseAnilist } from './anilist.js';
import { decodeContent } from './decode.js';
import type { ImportEntry } from './entries.js';
import { parseMal } from './mal.js';
import { parseMangadex } from './mangadex.js';
import { countAllStatuses } from '../statuses.repository.js';
import { candidatesFor, loadCatalogue } from './match.js';
import { findChosenFlags, upsertChosenStatuses } from './status-import.repository.js';

/**
 * Issue 61: import a reader's statuses from a MyAnimeList, AniList or MangaDex export
 * (docs/API.md "Importing from other sites"). Parse, match by title (match.ts), then apply in one
 * transaction: a status the reader chose stays unless `overwrite`; the site's own "reading" (set
 * when a chapter was opened, not chosen) is replaced; imported statuses count as chosen. A dry run
 * answers the same report and writes nothing.
 */
export function parseImport(body: ImportStatusesBody): ImportEntry[] {
  const text = decodeContent(body.content, body.encoding ?? 'text');
  if (body.format === 'mal') return parseMal(text);
  if (body.format === 'anilist') return parseAnilist(text);
  return parseMangadex(text, body.titles);
}

/** `max`: STATUSES_MAX, smaller in a test of the limit. */
export function createStatusImportService(deps: {
  db: Db;
  /** Issue 61: a file matches only books the content rating rule lets this reader open. */
  audiences: Pick<Audiences, 'of'>;
  now?: () => number;
  max?: number;
}) {
  const { db } = deps;
  const max = deps.max ?? STATUSES_MAX;
  const now = deps.now ?? Date.now;

  async function importStatuses(userId: number, body: ImportStatusesBody): Promise<ImportStatusesReport> {
    const entries = parseImport(body);
    const catalogue = await loadCatalogue(db, openableRatings(await deps.audiences.of({ id: userId })));
    const dryRun = body.dry_run === true;
    const at = now();

    return db.transaction().execute(async (trx) => {
      // Every query from here through trx: SQLite has one connection.
      await refuseLeftReader(trx, userId);
      const matches = entries.map((entry) => ({ entry, candidates: entry.status ? candidatesFor(catalogue, entry) : [] }));
      const bookIds = [...new Set(matches.flatMap((m) => (m.candidates.length === 1 ? [m.candidates[0]!.id] : [])))];
      const existing = await findChosenFlags(trx, userId, bookIds);
      const toWrite = new Map<number, ReadingStatus>();
      const reports: ImportEntryReport[] = matches.map(({ entry, candidates }) => {
        const base = {
          source_title: entry.titles[0] ?? null,
          source_id: entry.sourceId,
          status: entry.status,
          book: null,
          candidates: [] as { uuid: string; title: string }[],
          reason: null as string | null,
        };
        if (!entry.status) return { ...base, outcome: 'invalid' as const, reason: 'unknown_status' };
        if (entry.titles.length === 0) return { ...base, outcome: 'unmatched' as const, reason: 'no_title' };
        if (candidates.length === 0) return { ...base, outcome: 'unmatched' as const, reason: 'no_book' };
        const named = candidates.map((book) => ({ uuid: book.uuid, title: book.title }));
        if (candidates.length > 1) return { ...base, outcome: 'ambiguous' as const, candidates: named };
        const book = candidates[0]!;
        const had = existing.get(book.id);
        // The same book twice in one file: the first entry decides.
        if (toWrite.has(book.id)) return { ...base, outcome: 'already_set' as const, book: named[0]!, reason: 'duplicate' };
        if (had?.chosen && !body.overwrite) return { ...base, outcome: 'already_set' as const, book: named[0]!, reason: 'chosen' };
        toWrite.set(book.id, entry.status);
        return { ...base, outcome: 'matched' as const, book: named[0]! };
      });

      const added = [...toWrite.keys()].filter((id) => !existing.has(id)).length;
      if (added > 0 && (await countAllStatuses(trx, userId)) + added > max) {
        throw new AppError(ErrorCode.STATUS_LIMIT_REACHED, 409, `You can file at most ${max} books; clear some statuses first`);
      }
      if (!dryRun) {
        await upsertChosenStatuses(trx, userId, toWrite, at);
      }
      const count = (outcome: ImportEntryReport['outcome']) => reports.filter((r) => r.outcome === outcome).length;
      return {
        dry_run: dryRun,
        total: reports.length,
        matched: count('matched'),
        already_set: count('already_set'),
        unmatched: count('unmatched'),
        ambiguous: count('ambiguous'),
        invalid: count('invalid'),
        entries: reports.slice(0, STATUS_IMPORT_REPORT_MAX),
        entries_truncated: reports.length > STATUS_IMPORT_REPORT_MAX,
      };
    });
  }

  return { importStatuses };
}

export type StatusImportService = ReturnType<typeof createStatusImportService>;
