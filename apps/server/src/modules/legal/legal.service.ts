import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DEFAULT_LANGUAGE,
  ErrorCode,
  LANGUAGES,
  LEGAL_KINDS,
  RETENTION_DAYS,
  type AdminLegalPage,
  type Language,
  type LegalDocument,
  type LegalKind,
  type SiteSettings,
} from '@inkstream/contracts';
import { LRUCache } from 'lru-cache';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { DEFAULT_LEGAL_TEXTS } from './default-texts/index.js';
import { renderLegalMarkdown, type LegalPlaceholders } from './legal-render.js';
import * as repo from './legal.repository.js';

/** The text a page shows: the operator's latest version, or the built-in one (version 0). */
export interface ServedText {
  kind: LegalKind;
  language: Language;
  version: number;
  publishedAt: number | null;
  markdown: string;
}

/**
 * Which text a reader asking for `language` is shown: the operator's newest text in that language;
 * else the operator's newest English one (an operator who wrote only English terms means them for
 * everyone); else the built-in text in the asked language.
 */
export async function servedText(db: DbExecutor, kind: LegalKind, language: Language): Promise<ServedText> {
  for (const candidate of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
    const row = await repo.findLatestDocument(db, kind, candidate);
    if (row) return { kind, language: candidate, version: row.version, publishedAt: Number(row.created_at), markdown: row.markdown };
  }
  return { kind, language, version: 0, publishedAt: null, markdown: DEFAULT_LEGAL_TEXTS[language][kind] };
}

/** What an account records at registration: the version and language of each page it accepted. */
export interface LegalAcceptance {
  terms_version: number;
  terms_language: string;
  privacy_version: number;
  privacy_language: string;
}

/**
 * The pages a registering reader accepted. `shown`: the versions the form says it showed. Absent,
 * or a version that was never published in the served language: the current one. Older than the
 * current one (the form was opened before a new version came out): that older one, which is what
 * the reader saw. Newer than the current one: no form could have shown it, a 400.
 */
export async function legalAcceptance(
  db: DbExecutor,
  language: Language,
  shown: { terms_version?: number | undefined; privacy_version?: number | undefined },
): Promise<LegalAcceptance> {
  const accepted = {} as Record<string, string | number>;
  for (const kind of LEGAL_KINDS) {
    const field = `${kind}_version` as const;
    const current = await servedText(db, kind, language);
    const asked = shown[field];
    let version = current.version;
    let servedLanguage: string = current.language;
    if (asked !== undefined && asked > current.version) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `No ${kind} page of version ${asked} was ever shown`, [
        { field, message: `at most ${current.version}, the current version` },
      ]);
    }
    if (asked === 0) {
      // The built-in text of the reader's language, whatever the operator published since.
      version = 0;
      servedLanguage = language;
    } else if (asked !== undefined && asked < current.version && (await repo.hasVersion(db, kind, current.language, asked))) {
      version = asked;
    }
    accepted[field] = version;
    accepted[`${kind}_language`] = servedLanguage;
  }
  return accepted as unknown as LegalAcceptance;
}

const isVersionClash = (error: unknown) => /legal_documents_version_key|legal_documents\.kind|unique/i.test(String(error));

/**
 * The privacy and terms pages (issue 43): rendered for readers in their language, edited and
 * published by the operator in the console, one new version per publication (audited).
 */
export function createLegalService(deps: {
  db: Db;
  /**
   * Publishing raises `legal-text-published`: the legal texts' version moves, so every node's kept
   * legal pages (public answers, rendered pages) drop the old text at once; the catalogue's stay.
   */
  domainEvents: DomainEvents;
  audit: AuditService;
  /** The run-time site settings: the texts name the site, its contact address and the retention periods. */
  settings: () => Promise<SiteSettings>;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;
  const publicOrigin = new URL(deps.publicUrl).origin;
  // Rendering is cheap but not free; a page is the same until its text or a named setting changes.
  const rendered = new LRUCache<string, string>({ max: 200 });

  function placeholders(settings: SiteSettings): LegalPlaceholders {
    const values: Record<string, string | number> = {
      site_name: settings.site_name,
      contact_email: settings.contact_email,
      deletion_grace_days: ACCOUNT_DELETION_GRACE_DAYS,
    };
    for (const key of Object.keys(RETENTION_DAYS) as (keyof typeof RETENTION_DAYS)[]) values[key] = settings[key];
    return values;
  }

  async function render(markdown: string): Promise<string> {
    const values = placeholders(await deps.settings());
    const key = `${JSON.stringify(values)}\n${markdown}`;
    const hit = rendered.get(key);
    if (hit !== undefined) return hit;
    const html = renderLegalMarkdown(markdown, values, publicOrigin);
    rendered.set(key, html);
    return html;
  }

  /** A page as readers see it, in `language` or its fallback. */
  async function page(kind: LegalKind, language: Language): Promise<LegalDocument> {
    const text = await servedText(db, kind, language);
    return {
      kind,
      language: text.language,
      version: text.version,
      published_at: text.publishedAt === null ? null : toIso(text.publishedAt),
      html: await render(text.markdown),
    };
  }

  /** Every page in every language, with its current Markdown and its history (the console's screen). */
  async function adminList(): Promise<AdminLegalPage[]> {
    const versions = await repo.listVersions(db);
    const pages: AdminLegalPage[] = [];
    for (const kind of LEGAL_KINDS) {
      for (const language of LANGUAGES) {
        const latest = await repo.findLatestDocument(db, kind, language);
        const history = versions
          .filter((v) => v.kind === kind && v.language === language)
          .map((v) => ({ version: v.version, author: v.author, published_at: toIso(Number(v.created_at)) }));
        pages.push({
          kind,
          language,
          current_version: latest?.version ?? 0,
          published_at: latest ? toIso(Number(latest.created_at)) : null,
          markdown: latest?.markdown ?? DEFAULT_LEGAL_TEXTS[language][kind],
          history,
        });
      }
    }
    return pages;
  }

  /**
   * Publishes `markdown` as the next version of the page in `language` (audited `legal.publish`).
   * The same text as the current version publishes nothing: readers would accept a "new" page
   * that did not change. Two operators publishing at once get consecutive versions.
   */
  async function publish(actor: Actor, kind: LegalKind, language: Language, markdown: string): Promise<AdminLegalPage> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await deps.domainEvents.transact(async (trx) => {
          const latest = await repo.findLatestDocument(trx, kind, language);
          const current = latest?.markdown ?? DEFAULT_LEGAL_TEXTS[language][kind];
          if (markdown === current) return;
          const version = (latest?.version ?? 0) + 1;
          await repo.insertDocument(trx, { kind, language, version, markdown, created_by: actor.userId, created_at: now() });
          await audit.recordWithin(trx, actor, {
            action: 'legal.publish',
            targetType: 'legal',
            targetId: `${kind}/${language}`,
            before: { version: latest?.version ?? 0 },
            after: { version, characters: markdown.length },
          });
          await deps.domainEvents.raise(trx, { type: 'legal-text-published', kind, language });
        });
        break;
      } catch (error) {
        if (!isVersionClash(error)) throw error;
        if (attempt >= 2)
          throw new AppError(ErrorCode.CONFLICT, 409, 'Another version of this page was published at the same time; try again');
      }
    }
    return (await adminList()).find((p) => p.kind === kind && p.language === language)!;
  }

  /** What `markdown` looks like on the page, exactly as it would be published (nothing is stored). */
  const preview = (markdown: string) => render(markdown);

  return { page, adminList, publish, preview };
}

export type LegalService = ReturnType<typeof createLegalService>;
