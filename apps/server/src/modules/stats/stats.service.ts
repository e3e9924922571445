import { PLAN_CURRENCY, PLANS, type Stats, type StatsDay } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { DAY_MS, toIso } from '../../lib/time.js';
import { consoleTitles } from '../catalogue/console-titles.js';
import { readingFigures } from './reading-figures.js';
import * as repo from './stats.repository.js';

/**
 * The dashboard's numbers, a handful of grouped queries whatever the range (no query per day).
 * Revenue is net: orders paid on a day add their amount to that day, refunds subtract it on the
 * day of the refund, so a past day's figure never changes after the fact and a refund shows when it
 * happened. Amounts are in each order's currency's smallest unit (Stripe prices may be in another
 * currency than fen; the key says the provider).
 */
export function createStatsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** Renewing memberships: the range's renewals, cancellations and failed payments; the running ones and their MRR now. */
  async function subscriptionFigures(from: number): Promise<Stats['subscriptions']> {
    const [renewals, cancellations, failed, running] = await Promise.all([
      repo.countRenewalsSince(db, from),
      repo.countCancellationsSince(db, from),
      repo.countFailedPaymentsSince(db, from),
      repo.runningSubscriptionsByPlan(db),
    ]);
    let active = 0;
    let mrr = 0;
    for (const row of running) {
      const n = Number(row.n);
      active += n;
      // A plan's price spread over its months (a season: 2700 / 3 = 900 fen a month).
      mrr += (n * PLANS[row.plan].amountFen) / PLANS[row.plan].months;
    }
    return { renewals, cancellations, failed_payments: failed, active, mrr_fen: Math.round(mrr), currency: PLAN_CURRENCY };
  }

  async function stats(days: 30 | 90, language?: string): Promise<Stats> {
    const at = now();
    const today = Math.floor(at / DAY_MS);
    const firstDay = today - days + 1;
    const from = firstDay * DAY_MS;
    const [paid, refunded, members, figures, active, expiring, subscriptions] = await Promise.all([
      repo.paidByDay(db, from),
      repo.refundedByDay(db, from),
      repo.newMembersByDay(db, from),
      // Reading: the roll-up's day and book aggregates plus the events it has not added yet.
      readingFigures(db, firstDay, days, 10),
      repo.countActiveMembers(db, at),
      repo.expiringBetween(db, at, at + 7 * DAY_MS, 100),
      subscriptionFigures(from),
    ]);
    const { byDay: reading, topBooks: books } = figures;
    const series: StatsDay[] = Array.from({ length: days }, (_, i) => ({
      date: toIso((firstDay + i) * DAY_MS).slice(0, 10),
      revenue_fen_by: {},
      new_members: 0,
      chapter_starts: 0,
      chapter_finishes: 0,
    }));
    const dayAt = (day: number | string) => series[Number(day) - firstDay];
    const addRevenue = (row: { provider: string; plan: string; day: number | string; amount: number | string }, sign: 1 | -1) => {
      const day = dayAt(row.day);
      if (!day) return;
      const key = `${row.provider}:${row.plan}`;
      day.revenue_fen_by[key] = (day.revenue_fen_by[key] ?? 0) + sign * Number(row.amount);
    };
    const titles = await consoleTitles(db, books, language);
    for (const row of paid) addRevenue(row, 1);
    for (const row of refunded) addRevenue(row, -1);
    let newMembersTotal = 0;
    for (const row of members) {
      const day = dayAt(row.day);
      if (!day) continue;
      day.new_members = Number(row.n);
      newMembersTotal += day.new_members;
    }
    for (const row of reading) {
      const day = dayAt(row.day);
      if (!day) continue;
      if (row.event_type === 'start_reading') day.chapter_starts = Number(row.n);
      else day.chapter_finishes = Number(row.n);
    }
    return {
      days: series,
      active_members: active,
      new_members_total: newMembersTotal,
      expiring_7d: expiring.map((row) => ({ uuid: row.uuid, username: row.username, expire_at: toIso(Number(row.expire_at)) })),
      top_books: books.map((row) => ({
        book_uuid: row.uuid,
        title: titles.get(row.id)?.title ?? '',
        title_language: titles.get(row.id)?.language ?? row.original_language,
        reads: Number(row.reads),
      })),
      subscriptions,
    };
  }

  return { stats };
}

export type StatsService = ReturnType<typeof createStatsService>;
