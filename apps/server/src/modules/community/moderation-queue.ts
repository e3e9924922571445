import {
  COMMENT_REPORT_REASONS,
  type HeldComment,
  type HeldQuery,
  type Paged,
  type ReportedComment,
  type ReportsQuery,
} from '@inkstream/contracts';
import { toIso } from '../../lib/time.js';
import type { ModerationContext } from './moderation-context.js';
import { describeComments } from './moderation-view.js';
import * as repo from './moderation.repository.js';
import { applyWordFilter } from './word-filter.js';

/** What waits for a moderator: the reported comments (with their reasons) and the comments the word filter held. */
export function createModerationQueue({ db, now }: ModerationContext) {
  async function reports(query: ReportsQuery): Promise<Paged<ReportedComment>> {
    const pageSize = query.page_size ?? 50;
    const { ids, total } = await repo.reportedPage(db, { state: query.state }, (query.page ?? 0) * pageSize, pageSize);
    const [comments, open] = await Promise.all([describeComments(db, ids, query.language, now), repo.openReportsOf(db, ids)]);
    const items = comments.flatMap((comment, index): ReportedComment[] => {
      const mine = open.filter((report) => report.comment_id === ids[index]);
      const latest = mine[0];
      // Resolved between the two reads by another moderator: left out of this page.
      if (!latest) return [];
      const counts = new Map<string, number>();
      for (const report of mine) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
      return [
        {
          comment,
          report_count: mine.length,
          reasons: [...counts]
            .map(([reason, count]) => ({ reason: asReason(reason), count }))
            .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
          latest_report: {
            reporter: { uuid: latest.reporter_uuid, username: latest.reporter_username },
            reason: asReason(latest.reason),
            detail: latest.detail,
            created_at: toIso(Number(latest.created_at)),
          },
        },
      ];
    });
    return { items, total };
  }

  async function held(query: HeldQuery): Promise<Paged<HeldComment>> {
    const pageSize = query.page_size ?? 50;
    const { ids, total } = await repo.heldPage(db, (query.page ?? 0) * pageSize, pageSize);
    const [comments, filters] = await Promise.all([describeComments(db, ids, query.language, now), repo.listWordFilters(db)]);
    return { items: comments.map((comment) => ({ comment, matched: applyWordFilter(comment.body, filters).matched })), total };
  }

  return { reports, held };
}

function asReason(value: string): (typeof COMMENT_REPORT_REASONS)[number] {
  return (COMMENT_REPORT_REASONS as readonly string[]).includes(value) ? (value as (typeof COMMENT_REPORT_REASONS)[number]) : 'other';
}
