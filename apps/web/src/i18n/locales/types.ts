/** Namespaces: common (header, footer, tags, tiers, relative time, statuses), books, chapters, reader, auth, profile. */
export type LocaleResources = Record<string, Record<string, unknown>>;
