import { Type, type Static } from 'typebox';
import { LEGAL_MARKDOWN_MAX } from '../constants.js';
import { ClosedObject, Data, LanguageParam, Nullable, Timestamp } from './common.js';

/**
 * The privacy and terms pages (issue 43, docs/ACCOUNTS.md "Privacy and terms pages"): Markdown
 * the operator publishes in the console, one version after another per kind and language; version
 * 0 is the text built into the server (in every language) until the operator publishes one.
 */

export const LegalKindParam = Type.Union([Type.Literal('privacy'), Type.Literal('terms')], { description: 'privacy or terms' });
export const LegalPageParams = Type.Object({ kind: LegalKindParam });
export const LegalPageQuery = ClosedObject({
  language: Type.Optional(LanguageParam),
});
export type LegalPageQuery = Static<typeof LegalPageQuery>;

export const LegalDocument = Type.Object({
  kind: LegalKindParam,
  language: Type.String({ description: 'The language of the text served (en-us when the asked one has no published text)' }),
  version: Type.Integer({ description: "0: the built-in text; 1, 2, …: the operator's versions in this language" }),
  published_at: Nullable(Timestamp('When this version was published; null for the built-in text')),
  html: Type.String({ description: 'Rendered from Markdown and sanitised: safe to insert as it is' }),
});
export type LegalDocument = Static<typeof LegalDocument>;
export const LegalDocumentResponse = Data(LegalDocument);

/** Console: one published version (the history of a page). */
export const AdminLegalVersion = Type.Object({
  version: Type.Integer(),
  author: Nullable(Type.String({ description: 'The operator who published it; null once that account is gone' })),
  published_at: Timestamp(),
});
export type AdminLegalVersion = Static<typeof AdminLegalVersion>;

/** Console: one page in one language, with its current Markdown (the built-in one at version 0) and its history. */
export const AdminLegalPage = Type.Object({
  kind: LegalKindParam,
  language: Type.String(),
  current_version: Type.Integer(),
  published_at: Nullable(Timestamp()),
  markdown: Type.String(),
  history: Type.Array(AdminLegalVersion, { description: 'Newest first; empty while the built-in text is in use' }),
});
export type AdminLegalPage = Static<typeof AdminLegalPage>;
export const AdminLegalListResponse = Data(Type.Object({ pages: Type.Array(AdminLegalPage) }));
export type AdminLegalList = Static<typeof AdminLegalListResponse>['data'];
export const AdminLegalPageResponse = Data(AdminLegalPage);

export const AdminLegalPageParams = Type.Object({ kind: LegalKindParam, language: LanguageParam });
export const LegalMarkdownBody = ClosedObject({
  markdown: Type.String({ minLength: 1, maxLength: LEGAL_MARKDOWN_MAX }),
});
export type LegalMarkdownBody = Static<typeof LegalMarkdownBody>;
export const LegalPreviewResponse = Data(Type.Object({ html: Type.String() }));
