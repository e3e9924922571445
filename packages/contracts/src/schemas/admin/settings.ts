import { Type, type Static } from 'typebox';
import { RETENTION_DAYS, type RetentionSetting } from '../../constants.js';
import { ClosedObject, Data, PlainText } from '../common.js';
import { AdultBooksForOthers, AdultBooksMode } from '../content-rating.js';

/** Run-time site settings (`/api/v1/admin/settings`); secrets never live here. */
export const SITE_NAME_MAX = 64;
export const DEFAULT_FREE_CHAPTERS_MAX = 1000;

const SiteName = PlainText({ minLength: 1, maxLength: SITE_NAME_MAX });
const ContactEmail = Type.String({ format: 'email', maxLength: 254 });
const FreeChapters = Type.Integer({ minimum: 0, maximum: DEFAULT_FREE_CHAPTERS_MAX });
/** Accounts younger than this many hours cannot post links in comments and reviews (issue 31); 0: any account can. */
/** The coins a chapter costs when its book is sold chapter by chapter and names no price of its own. */
export const DEFAULT_CHAPTER_PRICE = 50;
const ChapterPrice = Type.Integer({ minimum: 1, maximum: 10_000 });
const LinksMinAgeHours = Type.Integer({ minimum: 0, maximum: 8760 });
/** Issue 59: after a failed renewal the reader keeps reading this many days while the payment is retried. */
export const DEFAULT_RENEWAL_GRACE_DAYS = 7;
const GraceDays = Type.Integer({
  minimum: 0,
  maximum: 14,
  description: 'Issue 59: days a reader keeps reading after a renewal failed (0 to 14)',
});
const RenewingMemberships = Type.Boolean({
  description: 'Issue 59: memberships are offered as renewing where a rail can renew them (one-time purchases stay on sale)',
});

const BlurMatureCovers = Type.Boolean({
  description: 'Ext (issue 61): mature covers are blurred in lists for every reader who has not confirmed their age',
});

const Days = (key: RetentionSetting, description: string) =>
  Type.Integer({ minimum: RETENTION_DAYS[key].min, maximum: RETENTION_DAYS[key].max, description });
const ReadingEventsDays = Days(
  'retention_reading_events_days',
  'Ext (issue 43): reading events are deleted after this many days (at least 90)',
);
const VisitorDays = Days(
  'retention_visitor_days',
  "Ext (issue 43): a visitor's progress, history and event id go this many days after the last read (at least 30)",
);
const OutboxDays = Days(
  'retention_outbox_days',
  'Ext (issue 43): sent and failed e-mails leave the outbox after this many days (at least 7)',
);
const AuditDays = Days('retention_audit_days', 'Ext (issue 43): audit log entries are deleted after this many days (at least 365)');

export const SiteSettings = Type.Object({
  site_name: SiteName,
  contact_email: ContactEmail,
  default_free_chapters: FreeChapters,
  comment_links_min_age_hours: LinksMinAgeHours,
  coins_enabled: Type.Boolean({ description: 'Issue 42: coins, chapter unlocks and wait-for-free are offered (off by default)' }),
  default_chapter_price: ChapterPrice,
  renewing_memberships: RenewingMemberships,
  renewal_grace_days: GraceDays,
  adult_books: AdultBooksMode,
  adult_books_for_others: AdultBooksForOthers,
  blur_mature_covers: BlurMatureCovers,
  retention_reading_events_days: ReadingEventsDays,
  retention_visitor_days: VisitorDays,
  retention_outbox_days: OutboxDays,
  retention_audit_days: AuditDays,
});
export type SiteSettings = Static<typeof SiteSettings>;
export const SiteSettingsResponse = Data(SiteSettings);

export const SiteSettingsUpdateBody = ClosedObject(
  {
    site_name: Type.Optional(SiteName),
    contact_email: Type.Optional(ContactEmail),
    default_free_chapters: Type.Optional(FreeChapters),
    comment_links_min_age_hours: Type.Optional(LinksMinAgeHours),
    coins_enabled: Type.Optional(Type.Boolean()),
    default_chapter_price: Type.Optional(ChapterPrice),
    renewing_memberships: Type.Optional(RenewingMemberships),
    renewal_grace_days: Type.Optional(GraceDays),
    adult_books: Type.Optional(AdultBooksMode),
    adult_books_for_others: Type.Optional(AdultBooksForOthers),
    blur_mature_covers: Type.Optional(BlurMatureCovers),
    retention_reading_events_days: Type.Optional(ReadingEventsDays),
    retention_visitor_days: Type.Optional(VisitorDays),
    retention_outbox_days: Type.Optional(OutboxDays),
    retention_audit_days: Type.Optional(AuditDays),
  },
  { minProperties: 1 },
);
export type SiteSettingsUpdateBody = Static<typeof SiteSettingsUpdateBody>;
