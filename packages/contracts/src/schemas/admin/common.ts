import { Type, type Static, type TSchema } from 'typebox';
import { LANGUAGES } from '../../languages.js';
import { Data, PlainText, Timestamp } from '../common.js';

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
    ...AdminPageQuery,
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
export const AuditListResponse = PagedData(AuditEntry);
