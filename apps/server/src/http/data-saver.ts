import type { IncomingHttpHeaders } from 'node:http';
import { DATA_SAVER_COOKIE } from '@inkstream/contracts';
import { readCookie } from './cookies.js';

/**
 * Whether a request asks for lighter images: the browser's data saver sends `Save-Data: on` with
 * every request (RFC 8674 leaves the header's other values for later, and they mean nothing now),
 * and an app that has its own switch adds `data_saver=1` (the web app's header menu does).
 */
export function wantsLighterImages(headers: IncomingHttpHeaders, query: { data_saver?: string } | undefined): boolean {
  return query?.data_saver === '1' || hasSaveData(headers);
}

/** Whether a page request asks for lighter images: the browser's data saver, or the reader's switch (its cookie, apps/web/src/lib/data-saving.ts). */
export function wantsLighterPages(headers: IncomingHttpHeaders): boolean {
  return hasSaveData(headers) || readCookie(headers.cookie, DATA_SAVER_COOKIE.name) === 'on';
}

/** The `Save-Data: on` header (case and spaces as RFC 8674 allows). */
export function hasSaveData(headers: IncomingHttpHeaders): boolean {
  const value = headers['save-data'];
  return typeof value === 'string' && value.trim().toLowerCase() === 'on';
}
