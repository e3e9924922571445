import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request asks for lighter images: the browser's data saver sends `Save-Data: on` with
 * every request (RFC 8674 leaves the header's other values for later, and they mean nothing now),
 * and an app that has its own switch adds `data_saver=1` (the web app's header menu does).
 */
export function wantsLighterImages(headers: IncomingHttpHeaders, query: { data_saver?: string } | undefined): boolean {
  return query?.data_saver === '1' || hasSaveData(headers);
}

/** The `Save-Data: on` header (case and spaces as RFC 8674 allows). */
export function hasSaveData(headers: IncomingHttpHeaders): boolean {
  const value = headers['save-data'];
  return typeof value === 'string' && value.trim().toLowerCase() === 'on';
}
