import { Type, type Static } from 'typebox';
import { Data, Nullable, Timestamp, Uuid } from '../common.js';
import { KeysetPageQuery, KeysetPagedData } from './common.js';
import { MAIL_KINDS, MAIL_STATES } from '../../constants.js';

/** The console's Outbox (docs/MAIL.md, docs/ADMIN.md): every e-mail the site queued. */
export const MailStateSchema = Type.Enum([...MAIL_STATES]);
export const MailKindSchema = Type.Enum([...MAIL_KINDS]);

export const AdminOutboxListQuery = Type.Object(
  { ...KeysetPageQuery, state: Type.Optional(MailStateSchema), kind: Type.Optional(MailKindSchema) },
  { additionalProperties: false },
);
export type AdminOutboxListQuery = Static<typeof AdminOutboxListQuery>;

export const AdminOutboxItem = Type.Object({
  uuid: Type.String(),
  kind: Type.String(),
  state: MailStateSchema,
  /** Shown to administrators only; never logged. */
  recipient: Type.String(),
  user: Nullable(Type.Object({ uuid: Type.String(), username: Type.String() })),
  language: Type.String(),
  list: Nullable(Type.String()),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Timestamp('When a queued message is tried next')),
  last_error: Nullable(Type.String()),
  created_at: Timestamp(),
  sent_at: Nullable(Timestamp()),
  /** True when the message has an .eml file to read (no SMTP_URL). */
  has_file: Type.Boolean(),
});
export type AdminOutboxItem = Static<typeof AdminOutboxItem>;
export const AdminOutboxListResponse = KeysetPagedData(AdminOutboxItem);

export const AdminOutboxParams = Type.Object({ uuid: Uuid('The outbox message') }, { additionalProperties: false });
export const AdminOutboxItemResponse = Data(AdminOutboxItem);

export const AdminOutboxMessage = Type.Object({
  subject: Type.String(),
  text: Type.String(),
  links: Type.Array(Type.String(), { description: 'Every http(s) link of the plain-text part, in order' }),
});
export type AdminOutboxMessage = Static<typeof AdminOutboxMessage>;
export const AdminOutboxMessageResponse = Data(AdminOutboxMessage);
