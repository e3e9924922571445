import {
  COMMENT_LINKS_MIN_ACCOUNT_AGE_HOURS,
  DEFAULT_CHAPTER_PRICE,
  DEFAULT_FREE_CHAPTERS,
  DEFAULT_RENEWAL_GRACE_DAYS,
  RETENTION_DAYS,
  type RetentionDays,
  type RetentionSetting,
  type SiteSettings,
  type SiteSettingsUpdateBody,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { isDatabaseUnavailable } from '../../db/database-errors.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import * as repo from './site-settings.repository.js';

/**
 * Issue 61, the site's content-rating policy as the rule reads it (access/content-rating.ts):
 * `adult_books` off or shown to confirmed readers, what the others meet of an adult book, and
 * whether mature covers are blurred for them.
 */
export interface RatingPolicy {
  adultBooks: 'off' | 'confirmed_readers';
  adultBooksForOthers: 'hidden' | 'blurred';
  blurMatureCovers: boolean;
}

/** The settings that make the content-rating policy. */
const RATING_POLICY_KEYS = ['adult_books', 'adult_books_for_others', 'blur_mature_covers'] as const;

/** How long a node trusts its copy: another node's change shows here within this time. */
export const SETTINGS_CACHE_MS = 2000;

const KEYS = [
  'site_name',
  'contact_email',
  'default_free_chapters',
  'comment_links_min_age_hours',
  'coins_enabled',
  'default_chapter_price',
  'renewing_memberships',
  'renewal_grace_days',
  'adult_books',
  'adult_books_for_others',
  'blur_mature_covers',
  ...(Object.keys(RETENTION_DAYS) as RetentionSetting[]),
] as const;
type Key = (typeof KEYS)[number];

export interface SiteSettingsDefaults {
  siteName: string;
  contactEmail: string;
  defaultFreeChapters?: number;
}

/** A stored value, if it still has the shape of its setting (a hand-edited row never breaks the site). */
function accept(key: Key, value: unknown): boolean {
  if (key === 'default_free_chapters') return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000;
  if (key === 'comment_links_min_age_hours') return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 8760;
  if (key === 'coins_enabled' || key === 'renewing_memberships' || key === 'blur_mature_covers') return typeof value === 'boolean';
  if (key === 'adult_books') return value === 'off' || value === 'confirmed_readers';
  if (key === 'adult_books_for_others') return value === 'hidden' || value === 'blurred';
  if (key === 'renewal_grace_days') return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 14;
  if (key === 'default_chapter_price') return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 10_000;
  if (key in RETENTION_DAYS) {
    const { min, max } = RETENTION_DAYS[key as RetentionSetting];
    return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  }
  return typeof value === 'string' && value.length > 0;
}

/**
 * Settings an administrator changes at run time (never secrets). Stored in site_settings, falling
 * back to the configuration; each node keeps them for at most SETTINGS_CACHE_MS, and forgets them
 * at once when the site-settings version moves (the wiring root calls `forget`: a change here, or
 * on another node, heard on the bus or at the next poll), so every node agrees within seconds
 * without a restart, and the node that made a change sees it at once.
 */
export function createSiteSettingsService(deps: {
  db: Db;
  /** A change is a transaction of it that raises `site-settings-changed` (the site-settings version moves). */
  domainEvents: Pick<DomainEvents, 'transact' | 'raise'>;
  audit: AuditService;
  defaults: SiteSettingsDefaults;
  now?: () => number;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;
  const defaults: SiteSettings = {
    site_name: deps.defaults.siteName,
    contact_email: deps.defaults.contactEmail,
    default_free_chapters: deps.defaults.defaultFreeChapters ?? DEFAULT_FREE_CHAPTERS,
    comment_links_min_age_hours: COMMENT_LINKS_MIN_ACCOUNT_AGE_HOURS,
    // Coins are the operator's choice (issue 42): off until they turn them on.
    coins_enabled: false,
    default_chapter_price: DEFAULT_CHAPTER_PRICE,
    renewing_memberships: true,
    renewal_grace_days: DEFAULT_RENEWAL_GRACE_DAYS,
    // Issue 61: a new site shows all ages, teen and mature books, and no adult one.
    adult_books: 'off',
    adult_books_for_others: 'hidden',
    blur_mature_covers: false,
    ...defaultRetention(),
  };
  let cached: { value: SiteSettings; until: number } | null = null;

  async function load(executor: DbExecutor): Promise<SiteSettings> {
    const settings: Record<string, unknown> = { ...defaults };
    for (const row of await repo.readSettings(executor)) {
      if (!(KEYS as readonly string[]).includes(row.setting_key)) continue;
      try {
        const value = JSON.parse(row.value) as unknown;
        if (accept(row.setting_key as Key, value)) settings[row.setting_key] = value;
      } catch {
        // An unreadable value keeps the default.
      }
    }
    return settings as SiteSettings;
  }

  /**
   * The settings now. Code running inside a transaction passes it as `executor`: the read must go
   * through the transaction (on SQLite a read through the pool would wait for the transaction,
   * which waits for the read: db/transaction-guard.ts).
   */
  async function get(executor: DbExecutor = db): Promise<SiteSettings> {
    if (cached && cached.until > now()) return cached.value;
    const value = await load(executor);
    cached = { value, until: now() + SETTINGS_CACHE_MS };
    return value;
  }

  /**
   * For public pages: while the database is unreachable, the last values this node read (or the
   * configured defaults) rather than a failure, so the web app can still start.
   */
  async function getForPublic(): Promise<SiteSettings> {
    try {
      return await get();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return cached?.value ?? defaults;
    }
  }

  async function update(actor: Actor, patch: SiteSettingsUpdateBody): Promise<SiteSettings> {
    return deps.domainEvents.transact(async (trx) => {
      const current = await load(trx);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const key of KEYS) {
        const value = patch[key];
        if (value === undefined || value === current[key]) continue;
        before[key] = current[key];
        after[key] = value;
        await repo.upsertSetting(trx, key, JSON.stringify(value), now());
      }
      if (Object.keys(after).length > 0) {
        await audit.recordWithin(trx, actor, { action: 'settings.update', targetType: 'settings', targetId: 'site', before, after });
        await deps.domainEvents.raise(trx, { type: 'site-settings-changed', keys: Object.keys(after) });
        // The rating rule decides what every list shows: the catalogue's caches follow it.
        if (RATING_POLICY_KEYS.some((key) => key in after))
          await deps.domainEvents.raise(trx, { type: 'content-rules-changed', keys: Object.keys(after) });
      }
      return { ...current, ...after } as SiteSettings;
    });
  }

  /** Drops this node's copy: the next read goes to the database (the site-settings version moved). */
  function forget(): void {
    cached = null;
  }

  /** The number of free chapters a new book starts with. */
  const defaultFreeChapters = async () => (await get()).default_free_chapters;

  /** How long personal data is kept (issue 43): what the housekeeping pass applies. */
  async function retentionDays(): Promise<RetentionDays> {
    const settings = await get();
    return Object.fromEntries((Object.keys(RETENTION_DAYS) as RetentionSetting[]).map((key) => [key, settings[key]])) as RetentionDays;
  }

  /**
   * The content-rating policy now (issue 61; access/content-rating.ts applies it). Code inside a
   * transaction passes it as `executor` (as `get`); outside one, the last values read stand in
   * while the database is unreachable, as for public pages.
   */
  async function ratingPolicy(executor?: DbExecutor): Promise<RatingPolicy> {
    const settings = executor ? await get(executor) : await getForPublic();
    return {
      adultBooks: settings.adult_books,
      adultBooksForOthers: settings.adult_books_for_others,
      blurMatureCovers: settings.blur_mature_covers,
    };
  }

  return { get, getForPublic, update, forget, defaultFreeChapters, retentionDays, ratingPolicy };
}

/** The retention defaults (contracts RETENTION_DAYS), until an operator changes them. */
export const defaultRetention = (): RetentionDays =>
  Object.fromEntries(Object.entries(RETENTION_DAYS).map(([key, limits]) => [key, limits.default])) as RetentionDays;

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;

/** The site's name as an administrator set it (mail, two-step and page heads show it). */
export const currentSiteName = (settings: Pick<SiteSettingsService, 'getForPublic'>) => async (): Promise<string> =>
  (await settings.getForPublic()).site_name;
