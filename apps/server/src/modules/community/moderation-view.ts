import type { ModerationComment } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import { pickTranslation } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import { consoleTitles } from '../catalogue/console-titles.js';
import * as repo from './moderation.repository.js';

/**
 * Comments as the console shows them, in the order of `ids` (whatever their state): text, author
 * (banned now or not), book and chapter titles in `language`, parent, open reports.
 */
export async function describeComments(
  executor: DbExecutor,
  ids: readonly number[],
  language: string | undefined,
  now: () => number,
): Promise<ModerationComment[]> {
  const rows = await repo.findCommentsByIds(executor, ids);
  const books = new Map(rows.map((row) => [row.book_id, { id: row.book_id, original_language: row.original_language }]));
  const [titles, chapterRows, parents, banned] = await Promise.all([
    consoleTitles(executor, [...books.values()], language),
    repo.chapterTitles(executor, [...new Set(rows.map((row) => row.chapter_id))]),
    repo.parentUuids(executor, [...new Set(rows.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id])))]),
    repo.bannedAmong(executor, [...new Set(rows.map((row) => row.author_id))], now()),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const title = titles.get(row.book_id);
    const chapterTitle = pickTranslation(
      chapterRows.filter((c) => c.chapter_id === row.chapter_id),
      language ?? row.original_language,
      row.original_language,
    );
    return [
      {
        comment_uuid: row.uuid,
        parent_uuid: row.parent_id === null ? null : (parents.get(row.parent_id) ?? null),
        body: row.body,
        spoiler: row.spoiler === 1,
        state: row.state,
        created_at: toIso(Number(row.created_at)),
        edited_at: row.edited_at === null ? null : toIso(Number(row.edited_at)),
        likes: row.likes,
        open_reports: row.open_reports,
        author: { uuid: row.author_uuid, username: row.author_username, banned: banned.has(row.author_id) },
        book: { uuid: row.book_uuid, title: title?.title ?? '', title_language: title?.language ?? row.original_language },
        chapter: { uuid: row.chapter_uuid, number: row.chapter_number, title: chapterTitle?.title ?? '' },
      },
    ];
  });
}
