import type { AuditEntry } from '@inkstream/contracts';
import { activeTranslator } from '../../../i18n/active';
import { request, type Query } from '../../../lib/api-client';

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

/** The one way the console calls the server: `/api/v1/admin/…` with the session's token. */
export const adminRequest = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown } = {},
) => request<T>(method, `/admin${path}`, options);

export interface AuditQuery {
  page_size: number;
  cursor?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
}

export const auditApi = {
  list: (query: AuditQuery) => adminRequest<CursorPage<AuditEntry>>('GET', '/audit', { query: { ...query, language: consoleLanguage() } }),
};
