import { Type, type Static } from 'typebox';
import { Data, Timestamp } from '../common.js';
import { ConsoleLanguage } from './common.js';

/** The console's dashboard (GET /admin/stats). Days are UTC. */
export const StatsQuery = Type.Object(
  { days: Type.Optional(Type.Union([Type.Literal(30), Type.Literal(90)], { default: 30 })), language: ConsoleLanguage },
  { additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuery>;

export const StatsDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  revenue_fen_by: Type.Record(Type.String(), Type.Integer(), {
    description: 'Net revenue per "provider:plan": paid on the day minus refunded on the day, smallest currency unit',
  }),
  new_members: Type.Integer({ description: 'Users whose first membership grant started that day' }),
  chapter_starts: Type.Integer(),
  chapter_finishes: Type.Integer(),
});
export type StatsDay = Static<typeof StatsDay>;

export const StatsResponse = Data(
  Type.Object({
    days: Type.Array(StatsDay),
    active_members: Type.Integer({ description: 'Users with a running membership now' }),
    new_members_total: Type.Integer(),
    expiring_7d: Type.Array(Type.Object({ uuid: Type.String(), username: Type.String(), expire_at: Timestamp() })),
    top_books: Type.Array(
      Type.Object({
        book_uuid: Type.String(),
        title: Type.String({ description: 'In `language` of the query with the fallback, else the original' }),
        title_language: Type.String({ description: 'Ext: the language of `title`' }),
        reads: Type.Integer(),
      }),
    ),
    /** Issue 59: renewing memberships (docs/PAYMENTS.md "Renewals"). */
    subscriptions: Type.Object({
      renewals: Type.Integer({ description: 'In the range: renewals paid (subscription orders after the first), refunded ones included' }),
      cancellations: Type.Integer({ description: 'In the range: subscriptions that ended' }),
      failed_payments: Type.Integer({ description: 'In the range: invoices whose payment failed' }),
      active: Type.Integer({ description: 'Now: subscriptions renewing, stopped at period end or past due' }),
      mrr_fen: Type.Integer({ description: "Now: monthly recurring revenue of the active ones (a season's price / 3), fen" }),
      currency: Type.String(),
    }),
  }),
);
export type Stats = Static<typeof StatsResponse>['data'];
