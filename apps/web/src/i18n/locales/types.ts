import type { Bundle } from '../translator';

/** Namespaces: common (header, footer, tags, tiers, relative time, statuses), books, chapters, reader, auth, profile. */
export type LocaleResources = Record<string, Bundle>;
