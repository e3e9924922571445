import { Type, type Static, type TSchema } from 'typebox';
import { LANGUAGES } from '../../languages.js';
import { Data, Nullable, PlainText, Timestamp } from '../common.js';

/**
 * Shared shapes of the operator's console (`/api/v1/admin/…`). Lists are paged from 0 like the
 * public ones and answer `{data: {items, total}}`.
 */
export const AdminPageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
};

/**
 * Ext query parameter of the console's reads that show book titles: the console's language. Titles
 * follow the public fallback (that language, then English for all but Chinese, then the original).
 * Without it, titles are in the book's original language, as before.
 */
export const ConsoleLanguage = Type.Optional(Type.Enum([...LANGUAGES], { description: 'Show book titles in this language (ext)' }));

export const PagedData = <T extends TSchema>(item: T) => Data(Type.Object({ items: Type.Array(item), total: Type.Integer() }));

/**
 * Lists that grow with the readers (orders, readers, the audit log) page by keyset and count only
 * so far: each costs the same at 200,000 readers as at 1,000. `page` still works, but only over
 * the first MAX_PAGED_OFFSET rows; beyond them the client follows `next_cursor`.
 */
export const MAX_PAGED_OFFSET = 10_000;
/** How many rows past the page's start a keyset list counts before it says "at least". */
export const COUNT_CAP = 1_000;

export const ListCursor = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,512}$',
  description: "Ext: continue after the row this opaque cursor names (a previous answer's `next_cursor`, same filters); excludes page > 0",
});

export const KeysetPageQuery = {
  ...AdminPageQuery,
  page: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'page × page_size may not pass 10,000: follow next_cursor instead',
    }),
  ),
  cursor: Type.Optional(ListCursor),
};

export const KeysetPagedData = <T extends TSchema>(item: T) =>
  Data(
    Type.Object({
      items: Type.Array(item),
      total: Type.Integer({
        description:
          'The rows before this page plus those counted from its start, at most 1,000 of them (exact unless total_is_lower_bound)',
      }),
      total_is_lower_bound: Type.Boolean({ description: 'Ext: true when there are more rows than counted: show "total+"' }),
      next_cursor: Nullable(Type.String({ description: 'Ext: the cursor of the next page; null on the last one' })),
    }),
  );
export interface KeysetPaged<T> extends Paged<T> {
  total_is_lower_bound: boolean;
  next_cursor: string | null;
}
export interface Paged<T> {
  items: T[];
  total: number;
  [key: string]: unknown;
}

/** A change a `reason` must accompany (grants, revocations, refunds, disabling an account). */
export const Reason = PlainText({ minLength: 1, maxLength: 500, description: 'Why: kept in the audit log' });

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Type.String({ description: "The administrator's user name, or `cli`" }),
  action: Type.String({ description: 'For example book.update, membership.grant, order.refund' }),
  target_type: Type.String(),
  target_id: Type.String(),
  before: Type.Unknown({ description: 'The changed fields before the change (null for a creation)' }),
  after: Type.Unknown({ description: 'The changed fields after the change (null for a removal)' }),
  created_at: Timestamp(),
  names: Type.Record(Type.String(), Type.String(), {
    description:
      'Ext: readable names of the ids this entry mentions (target, keys and values of before/after): a book uuid gives its title, a chapter uuid "title #number", a user uuid the user name',
  }),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditListQuery = Type.Object(
  {
    ...KeysetPageQuery,
    actor: Type.Optional(PlainText({ minLength: 1, maxLength: 64 })),
    action: Type.Optional(Type.String({ pattern: '^[a-z_]+(\\.[a-z_]+)*$', maxLength: 64 })),
    target_type: Type.Optional(Type.String({ pattern: '^[a-z_]+$', maxLength: 32 })),
    target_id: Type.Optional(PlainText({ minLength: 1, maxLength: 64 })),
    from: Type.Optional(Timestamp('Entries at or after this instant')),
    to: Type.Optional(Timestamp('Entries before this instant')),
    language: ConsoleLanguage,
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuery>;
export const AuditListResponse = KeysetPagedData(AuditEntry);
