import { Type, type Static } from 'typebox';
import { ClosedObject, Data, PlainText } from '../common.js';

/** Run-time site settings (`/api/v1/admin/settings`); secrets never live here. */
export const SITE_NAME_MAX = 64;
export const DEFAULT_FREE_CHAPTERS_MAX = 1000;

const SiteName = PlainText({ minLength: 1, maxLength: SITE_NAME_MAX });
const ContactEmail = Type.String({ format: 'email', maxLength: 254 });
const FreeChapters = Type.Integer({ minimum: 0, maximum: DEFAULT_FREE_CHAPTERS_MAX });
/** Accounts younger than this many hours cannot post links in comments and reviews (issue 31); 0: any account can. */
const LinksMinAgeHours = Type.Integer({ minimum: 0, maximum: 8760 });

export const SiteSettings = Type.Object({
  site_name: SiteName,
  contact_email: ContactEmail,
  default_free_chapters: FreeChapters,
  comment_links_min_age_hours: LinksMinAgeHours,
});
export type SiteSettings = Static<typeof SiteSettings>;
export const SiteSettingsResponse = Data(SiteSettings);

export const SiteSettingsUpdateBody = ClosedObject(
  {
    site_name: Type.Optional(SiteName),
    contact_email: Type.Optional(ContactEmail),
    default_free_chapters: Type.Optional(FreeChapters),
    comment_links_min_age_hours: Type.Optional(LinksMinAgeHours),
  },
  { minProperties: 1 },
);
export type SiteSettingsUpdateBody = Static<typeof SiteSettingsUpdateBody>;
