import type { DbExecutor } from '../../db/database.js';
import type { LegalKind } from '../../db/schema.js';

/** The newest published version of a page in one language (the last entry of legal_documents_version_key). */
export const findLatestDocument = (db: DbExecutor, kind: LegalKind, language: string) =>
  db
    .selectFrom('legal_documents')
    .select(['id', 'kind', 'language', 'version', 'markdown', 'created_at'])
    .where('kind', '=', kind)
    .where('language', '=', language)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Whether this version of a page was published in that language. */
export const hasVersion = async (db: DbExecutor, kind: LegalKind, language: string, version: number) =>
  (await db
    .selectFrom('legal_documents')
    .select('id')
    .where('kind', '=', kind)
    .where('language', '=', language)
    .where('version', '=', version)
    .executeTakeFirst()) !== undefined;

/** Every published version (never the text), with its author's current name: the console's history. */
export const listVersions = (db: DbExecutor) =>
  db
    .selectFrom('legal_documents as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select(['d.kind', 'd.language', 'd.version', 'd.created_at', 'u.username as author'])
    .orderBy('d.kind')
    .orderBy('d.language')
    .orderBy('d.version', 'desc')
    .execute();

/** Writes the next version; the unique (kind, language, version) key refuses a second writer of the same number. */
export const insertDocument = (
  db: DbExecutor,
  row: { kind: LegalKind; language: string; version: number; markdown: string; created_by: number | null; created_at: number },
) => db.insertInto('legal_documents').values(row).returning('id').executeTakeFirstOrThrow();
