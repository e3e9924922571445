import { Type, type Static } from 'typebox';
import { ALERTS_MARK_MAX, ALERTS_PAGE_SIZE_DEFAULT, ALERTS_PAGE_SIZE_MAX } from '../constants.js';
import { ClosedObject, Data, LanguageParam, Result, Timestamp, Uuid } from './common.js';
import { CommentUser } from './community.js';

// Reply alerts (issue 31, docs/COMMUNITY.md "Reply alerts"): a visible reply to the reader's
// comment, listed in the library's Alerts tab. Ext calls; COMMUNITY=off answers 404.

const Excerpt = (description: string) => Type.String({ description });

export const ReplyAlert = Type.Object({
  alert_id: Type.Integer(),
  created_at: Timestamp('When the reply was posted'),
  read: Type.Boolean(),
  reply: Type.Object({
    comment_uuid: Uuid(),
    body: Excerpt('The first 140 characters of the reply, plain text on one line ("…" when cut)'),
    spoiler: Type.Boolean({ description: 'The replier marked it as a spoiler: clients hide the text until tapped' }),
    user: CommentUser,
  }),
  parent: Type.Object({
    comment_uuid: Uuid(),
    body: Excerpt("The first 140 characters of the reader's own comment (empty once deleted)"),
  }),
  chapter: Type.Object({ chapter_uuid: Uuid(), chapter_number: Type.Integer(), title: Type.String() }),
  book: Type.Object({ book_uuid: Uuid(), title: Type.String({ description: "In the asked language, with the API's usual fallback" }) }),
});
export type ReplyAlert = Static<typeof ReplyAlert>;

export const AlertsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: ALERTS_PAGE_SIZE_MAX, default: ALERTS_PAGE_SIZE_DEFAULT }),
  language: Type.Optional(LanguageParam),
});
export type AlertsQuery = Static<typeof AlertsQuery>;
export const AlertsResponse = Data(
  Type.Object({
    result: Type.Array(ReplyAlert),
    total: Type.Integer(),
    unread: Type.Integer({ description: 'Unread alerts in all pages' }),
  }),
);

/** Exactly one of the two (the service refuses both or neither with 400 VALIDATION_FAILED). */
export const MarkAlertsReadBody = ClosedObject({
  alert_ids: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
      minItems: 1,
      maxItems: ALERTS_MARK_MAX,
      description: "The caller's alerts to mark read (others' ids are ignored)",
    }),
  ),
  all: Type.Optional(Type.Literal(true, { description: 'Mark every alert of the caller read' })),
});
export type MarkAlertsReadBody = Static<typeof MarkAlertsReadBody>;
export const MarkAlertsReadResponse = Result(Type.Object({ unread: Type.Integer() }));
