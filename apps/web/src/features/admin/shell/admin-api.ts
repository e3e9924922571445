import type { AuditEntry, AuditListQuery } from '@inkstream/contracts';
import { activeTranslator } from '../../../i18n/active';
import { client, data } from '../../../lib/api-fetch';

/** The console's language: reads that show book titles ask for them in it (the server applies the fallback). */
export const consoleLanguage = () => activeTranslator().language;

/** A page of an admin list (`{items, total}`), as every `/admin/…` list answers. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** A page of a list that pages by cursor and counts at most 1,000 rows from the page (orders, readers, audit). */
export interface CursorPage<T> extends Page<T> {
  total_is_lower_bound: boolean;
  next_cursor: string | null;
}

export const auditApi = {
  list: (query: AuditListQuery): Promise<CursorPage<AuditEntry>> =>
    data(client.GET('/api/v1/admin/audit', { params: { query: { ...query, language: consoleLanguage() } } })),
};
