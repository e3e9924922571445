import { ErrorCode, WORD_FILTER_MAX_ENTRIES, WORD_FILTER_PATTERN_MAX, type Paged, type WordFilter } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor } from '../audit/audit.service.js';
import { cleanCommunityText } from './community-text.js';
import { notFound, type ModerationContext } from './moderation-context.js';
import * as repo from './moderation.repository.js';
import { applyWordFilter, foldPattern } from './word-filter.js';

const toFilter = (row: { id: number; pattern: string; action: 'mask' | 'hold'; created_at: number }): WordFilter => ({
  id: row.id,
  pattern: row.pattern,
  action: row.action,
  created_at: toIso(Number(row.created_at)),
});

/** The word filter's entries as moderators keep them (word-filter.ts applies them to what readers post). */
export function createWordFilterAdmin({ db, audit, now }: ModerationContext) {
  async function wordFilters(): Promise<Paged<WordFilter>> {
    const rows = await repo.listWordFilters(db);
    return { items: rows.map(toFilter), total: rows.length };
  }

  /**
   * A new entry: cleaned as comment text is, on one line, 1–64 characters, and stored folded (as
   * the filter compares), so "Spam", "SPAM" and "spám" are one entry: the second is refused 409.
   */
  async function addWordFilter(actor: Actor, body: { pattern: string; action: 'mask' | 'hold' }): Promise<WordFilter> {
    const cleaned = cleanCommunityText(body.pattern, { field: 'pattern', maxLength: WORD_FILTER_PATTERN_MAX });
    if (cleaned.includes('\n'))
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'A word filter entry is one line', [
        { field: 'pattern', message: 'must be one line' },
      ]);
    const pattern = foldPattern(cleaned);
    if (pattern.length === 0 || [...pattern].length > WORD_FILTER_PATTERN_MAX)
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `A word filter entry has 1 to ${WORD_FILTER_PATTERN_MAX} characters`, [
        { field: 'pattern', message: `must have 1 to ${WORD_FILTER_PATTERN_MAX} characters` },
      ]);
    return db.transaction().execute(async (trx) => {
      if ((await repo.countWordFilters(trx)) >= WORD_FILTER_MAX_ENTRIES)
        throw new AppError(ErrorCode.CONFLICT, 409, `The word filter holds at most ${WORD_FILTER_MAX_ENTRIES} entries`);
      const values = { pattern, action: body.action, created_at: now() };
      const id = await repo.insertWordFilterIfNew(trx, values);
      if (id === null) throw new AppError(ErrorCode.CONFLICT, 409, `The word filter has "${pattern}" already`);
      await audit.recordWithin(trx, actor, {
        action: 'word_filter.create',
        targetType: 'word_filter',
        targetId: id,
        before: null,
        after: { pattern, action: body.action },
      });
      return toFilter({ id, ...values });
    });
  }

  async function removeWordFilter(actor: Actor, id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await repo.findWordFilter(trx, id);
      if (!row || !(await repo.deleteWordFilter(trx, id))) throw notFound(ErrorCode.NOT_FOUND, 'word filter entry');
      await audit.recordWithin(trx, actor, {
        action: 'word_filter.delete',
        targetType: 'word_filter',
        targetId: id,
        before: { pattern: row.pattern, action: row.action },
        after: null,
      });
    });
  }

  /** What a sample text becomes under today's filter (nothing stored). */
  async function previewWordFilter(text: string) {
    return applyWordFilter(text, await repo.listWordFilters(db));
  }

  return { wordFilters, addWordFilter, removeWordFilter, previewWordFilter };
}
