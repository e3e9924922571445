import { Type, type Static } from 'typebox';
import { Data } from './common.js';
import { MAIL_LISTS } from '../constants.js';

/** One-click unsubscribe (RFC 8058): the token of a message's List-Unsubscribe link. */
export const UnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }) },
  { additionalProperties: false },
);
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

export const MailListName = Type.Enum([...MAIL_LISTS]);
export const UnsubscribeResponse = Data(
  Type.Object({ list: MailListName, unsubscribed: Type.Literal(true) }, { additionalProperties: false }),
);
export type UnsubscribeResult = Static<typeof UnsubscribeResponse>['data'];
/** What the page shows before the button: which list the token leaves. */
export const UnsubscribePreviewResponse = Data(Type.Object({ list: MailListName }, { additionalProperties: false }));
