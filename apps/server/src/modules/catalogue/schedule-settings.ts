import { ErrorCode, type AdminBookDetail, type AdminBookUpdateBody, type PublishingSchedule } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import type { BookChanges } from './catalogue-write.repository.js';
import { daysOfMask, isKnownTimeZone, maskOfDays, minutesOf, timeOf } from './schedule-time.js';

/**
 * A book's publishing days and ranking exclusion as the console sets them (issue 46): the stored
 * columns (a bit mask, minutes, an IANA zone) read as the contract's days, 'HH:MM' and zone, and a
 * change turned into the columns to write and its audit entries.
 */

export interface PublishingColumns {
  publishing_days: number;
  publishing_time: number | null;
  publishing_time_zone: string;
}

export const publishingOf = (row: PublishingColumns): PublishingSchedule => ({
  days: daysOfMask(row.publishing_days),
  time: row.publishing_time === null ? null : timeOf(row.publishing_time),
  time_zone: row.publishing_time_zone,
});

export const invalidTimeZone = (field: string, zone: string) =>
  new AppError(ErrorCode.INVALID_TIME_ZONE, 400, `Unknown time zone: ${zone.slice(0, 64)}`, [
    { field, message: 'must be an IANA time zone such as Europe/Paris' },
  ]);

interface SettingsAudit {
  action: 'book.publishing' | 'book.ranking';
  before: unknown;
  after: unknown;
}

/** What a console update changes of the publishing days and the exclusion; a bad zone is a 400. */
export function publishingChanges(
  current: Pick<AdminBookDetail, 'publishing' | 'ranking_excluded'>,
  body: Pick<AdminBookUpdateBody, 'publishing' | 'ranking_excluded'>,
): { changes: BookChanges; audits: SettingsAudit[] } {
  const changes: BookChanges = {};
  const audits: SettingsAudit[] = [];
  if (body.publishing !== undefined) {
    const zone = body.publishing.time_zone.trim();
    if (!isKnownTimeZone(zone)) throw invalidTimeZone('publishing.time_zone', zone);
    const next: PublishingSchedule = { days: [...body.publishing.days].sort((a, b) => a - b), time: body.publishing.time, time_zone: zone };
    if (JSON.stringify(next) !== JSON.stringify(current.publishing)) {
      changes.publishing_days = maskOfDays(next.days);
      changes.publishing_time = next.time === null ? null : minutesOf(next.time);
      changes.publishing_time_zone = zone;
      audits.push({ action: 'book.publishing', before: current.publishing, after: next });
    }
  }
  if (body.ranking_excluded !== undefined && body.ranking_excluded !== current.ranking_excluded) {
    changes.ranking_excluded = body.ranking_excluded ? 1 : 0;
    audits.push({
      action: 'book.ranking',
      before: { ranking_excluded: current.ranking_excluded },
      after: { ranking_excluded: body.ranking_excluded },
    });
  }
  return { changes, audits };
}
