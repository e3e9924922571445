import { Type, type Static } from 'typebox';
import { LIST_BOOKS_MAX, LIST_DESCRIPTION_MAX, LIST_HIDE_REASON_MAX, LIST_NAME_MAX, LIST_NOTE_MAX } from '../constants.js';
import { BookType } from './catalogue.js';
import { ClosedObject, LanguageParam, Nullable, Result, Timestamp, Uuid } from './common.js';

/** Issue 61: reader lists (docs/API.md "Reader lists"). */
export const ListVisibilityValue = Type.Union([Type.Literal('private'), Type.Literal('unlisted'), Type.Literal('public')], {
  description: 'private: the owner only; unlisted: anyone with the link; public: listed on the reader’s lists, followable',
});
const ListName = Type.String({ minLength: 1, maxLength: LIST_NAME_MAX });
const ListDescription = Type.String({ maxLength: LIST_DESCRIPTION_MAX });
const ListNote = Type.String({ maxLength: LIST_NOTE_MAX });

export const ListUuidParams = Type.Object({ listUuid: Uuid() });
export type ListUuidParams = Static<typeof ListUuidParams>;
export const ListBookParams = Type.Object({ listUuid: Uuid(), bookUuid: Uuid() });
export type ListBookParams = Static<typeof ListBookParams>;
export const ListReadQuery = Type.Object({ language: Type.Optional(LanguageParam) });
export type ListReadQuery = Static<typeof ListReadQuery>;

export const CreateListBody = ClosedObject({
  name: ListName,
  description: Type.Optional(ListDescription),
  visibility: Type.Optional(ListVisibilityValue),
});
export type CreateListBody = Static<typeof CreateListBody>;
export const UpdateListBody = ClosedObject(
  { name: Type.Optional(ListName), description: Type.Optional(ListDescription), visibility: Type.Optional(ListVisibilityValue) },
  { minProperties: 1 },
);
export type UpdateListBody = Static<typeof UpdateListBody>;
export const ListBookBody = ClosedObject({
  note: Type.Optional(Nullable(ListNote)),
  position: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_BOOKS_MAX, description: 'Move the book to this place (1: first)' })),
});
export type ListBookBody = Static<typeof ListBookBody>;
export const ListOrderBody = ClosedObject({
  book_uuids: Type.Array(Uuid(), {
    minItems: 0,
    maxItems: LIST_BOOKS_MAX,
    description: 'Every book of the list, each once, in the new order',
  }),
});
export type ListOrderBody = Static<typeof ListOrderBody>;

export const ReaderListSummary = Type.Object({
  list_uuid: Uuid(),
  name: Type.String(),
  description: Type.String(),
  visibility: ListVisibilityValue,
  owner_username: Type.String(),
  book_count: Type.Integer({ description: 'Published books in the list' }),
  follower_count: Type.Integer(),
  hidden: Type.Boolean({ description: 'Hidden by the moderators (only the owner and the console see it)' }),
  hidden_reason: Nullable(Type.String({ description: 'Only for the owner and the console' })),
  featured: Type.Boolean({ description: 'A staff pick' }),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type ReaderListSummary = Static<typeof ReaderListSummary>;
export const ReaderListBook = Type.Object({
  book_uuid: Uuid(),
  book_title: Type.String(),
  book_type: BookType,
  cover_image: Nullable(Type.String()),
  total_chapters: Type.Integer(),
  position: Type.Integer({ description: 'From 1' }),
  note: Nullable(Type.String()),
  added_at: Timestamp(),
});
export type ReaderListBook = Static<typeof ReaderListBook>;
export const ReaderList = Type.Object({
  ...ReaderListSummary.properties,
  mine: Type.Boolean({ description: 'The signed-in reader owns the list' }),
  following: Type.Boolean({ description: 'The signed-in reader follows the list' }),
  books: Type.Array(ReaderListBook),
});
export type ReaderList = Static<typeof ReaderList>;
export const ReaderListResponse = Result(ReaderList);
export const ReaderListsResponse = Result(Type.Array(ReaderListSummary));
export const ListDeletedResponse = Result(Type.Object({ deleted: Type.Boolean() }));
export const ListFollowResponse = Result(Type.Object({ following: Type.Boolean() }));

export const HideListBody = ClosedObject({ reason: Type.String({ minLength: 1, maxLength: LIST_HIDE_REASON_MAX }) });
export type HideListBody = Static<typeof HideListBody>;
export const AdminUserLibrary = Type.Object({
  statuses: Type.Object({
    reading: Type.Integer(),
    plan_to_read: Type.Integer(),
    on_hold: Type.Integer(),
    re_reading: Type.Integer(),
    completed: Type.Integer(),
    dropped: Type.Integer(),
  }),
  lists: Type.Array(ReaderListSummary),
});
export type AdminUserLibrary = Static<typeof AdminUserLibrary>;
export const AdminUserLibraryResponse = Result(AdminUserLibrary);
export const AdminListResponse = Result(ReaderListSummary);
