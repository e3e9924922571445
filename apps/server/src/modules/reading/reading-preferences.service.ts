import {
  ErrorCode,
  READING_OVERRIDES_MAX,
  type BookReadingOverrideBody,
  type ReadingDefaultsBody,
  type ReadingPreferences,
  type ReadingPreferencesBody,
} from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, type ErrorDetail } from '../../lib/app-error.js';
import { definedOnly } from '../../lib/defined-only.js';
import { toIso } from '../../lib/time.js';
import { refuseLeftReader } from '../users/account-guard.js';
import * as repo from './reading-preferences.repository.js';

/**
 * A logged-in reader's reading preferences (issue 45, docs/API.md "Reading preferences"): personal
 * defaults (comic mode, direction, fit, cover alone; the novel reader's font, spacing, margins,
 * theme) and per-book overrides, kept on the account so they follow the reader to every device.
 * Visitors keep theirs in the browser. What applies to a book is, field by field: the reader's
 * override of it, else the book's own setting (the operator's), else the reader's default for what
 * a book does not set (fit, cover alone).
 */

const flag = (value: boolean | null | undefined) => (value === undefined ? undefined : value === null ? null : value ? 1 : 0);
const bool = (value: number | null) => (value === null ? null : value === 1);
const invalid = (details: ErrorDetail[]) => badRequest(ErrorCode.VALIDATION_FAILED, details[0]!.message, details);

/** 1.5 → 15; undefined and null as they are. A value off the 0.1 steps is refused. */
function lineSpacingTenths(value: number | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  const tenths = Math.round(value * 10);
  if (Math.abs(value * 10 - tenths) > 1e-6) {
    throw invalid([{ field: 'defaults.line_spacing', message: 'line_spacing goes in steps of 0.1 (1.0, 1.1 … 2.5)' }]);
  }
  return tenths;
}

/** Only the fields the body names: undefined leaves a field as it is, null unsets it. */
function settingsValues(body: ReadingDefaultsBody): repo.SettingsValues {
  const values: repo.SettingsValues = {
    mode: body.mode,
    direction: body.direction,
    fit: body.fit,
    cover_alone: flag(body.cover_alone),
    font_size: body.font_size,
    font_family: body.font_family,
    line_spacing_tenths: lineSpacingTenths(body.line_spacing),
    margins: body.margins,
    theme: body.theme,
  };
  return definedOnly(values) as repo.SettingsValues;
}

function overrideValues(entry: BookReadingOverrideBody): repo.OverrideValues {
  const values: repo.OverrideValues = {
    mode: entry.mode,
    direction: entry.direction,
    fit: entry.fit,
    cover_alone: flag(entry.cover_alone),
  };
  return definedOnly(values) as repo.OverrideValues;
}

/** The entries' own rules the schema cannot say: one entry per book, `clear` alone, something to do. */
function checkEntries(books: readonly BookReadingOverrideBody[]): void {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  books.forEach((entry, index) => {
    const uuid = entry.book_uuid.toLowerCase();
    const changes = Object.keys(overrideValues(entry)).length;
    if (seen.has(uuid)) details.push({ field: `books.${index}.book_uuid`, message: 'This book is listed twice; give one entry per book' });
    seen.add(uuid);
    if (entry.clear && changes > 0) details.push({ field: `books.${index}.clear`, message: 'clear removes the override: give it alone' });
    if (!entry.clear && changes === 0) {
      details.push({ field: `books.${index}`, message: 'Give mode, direction, fit, cover_alone (null unsets one) or clear: true' });
    }
  });
  if (details.length > 0) throw invalid(details);
}

export function createReadingPreferences(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function get(userId: number): Promise<ReadingPreferences> {
    const [settings, overrides] = await Promise.all([repo.findSettings(db, userId), repo.findOverrides(db, userId)]);
    return {
      defaults: {
        mode: settings?.mode ?? null,
        direction: settings?.direction ?? null,
        fit: settings?.fit ?? null,
        cover_alone: bool(settings?.cover_alone ?? null),
        font_size: settings?.font_size ?? null,
        font_family: settings?.font_family ?? null,
        line_spacing: settings?.line_spacing_tenths == null ? null : settings.line_spacing_tenths / 10,
        margins: settings?.margins ?? null,
        theme: settings?.theme ?? null,
      },
      books: overrides.map((row) => ({
        book_uuid: row.book_uuid,
        mode: row.mode,
        direction: row.direction,
        fit: row.fit,
        cover_alone: bool(row.cover_alone),
        updated_at: toIso(Number(row.updated_at)),
      })),
    };
  }

  /**
   * Applies the body in one transaction: an unknown or unpublished book refuses the whole call
   * (404 BOOK_NOT_FOUND), so nothing of it is written. Past READING_OVERRIDES_MAX overrides, the
   * least recently changed are dropped (the ones this call wrote are the newest).
   */
  async function put(userId: number, body: ReadingPreferencesBody): Promise<ReadingPreferences> {
    // Unknown fields were dropped by validation: a body with nothing left changes nothing and says so.
    if (body.defaults === undefined && body.books === undefined) {
      throw invalid([{ field: 'body', message: 'Give defaults, books or both' }]);
    }
    const defaults = body.defaults === undefined ? {} : settingsValues(body.defaults);
    const books = body.books ?? [];
    checkEntries(books);
    const at = now();
    await db.transaction().execute(async (trx) => {
      // A share lock on the account row: an erasure running now is waited for, then seen. Nothing
      // below takes an update lock on that row (that order would deadlock on PostgreSQL).
      await refuseLeftReader(trx, userId);
      const found = new Map(
        (await repo.findPublishedBooks(trx, [...new Set(books.map((b) => b.book_uuid.toLowerCase()))])).map((b) => [b.uuid, b.id]),
      );
      const missing = books.findIndex((entry) => !found.has(entry.book_uuid.toLowerCase()));
      if (missing >= 0) {
        throw new AppError(ErrorCode.BOOK_NOT_FOUND, 404, `No published book ${books[missing]!.book_uuid}; nothing was saved`, [
          { field: `books.${missing}.book_uuid`, message: 'No published book has this id' },
        ]);
      }
      await repo.touchSettings(trx, userId, at);
      await repo.updateSettings(trx, userId, defaults);
      for (const entry of books) {
        const bookId = found.get(entry.book_uuid.toLowerCase())!;
        if (entry.clear) {
          await repo.deleteOverride(trx, userId, bookId);
          continue;
        }
        await repo.upsertOverride(trx, userId, bookId, overrideValues(entry), at);
        // Every field unset again: the override would change nothing, so it does not take a place.
        await repo.deleteOverride(trx, userId, bookId, true);
      }
      if (books.length > 0) await repo.trimOverrides(trx, userId, READING_OVERRIDES_MAX);
    });
    return get(userId);
  }

  return { get, put };
}

export type ReadingPreferencesService = ReturnType<typeof createReadingPreferences>;
