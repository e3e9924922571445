import type { ByteRange, MediaObjectInfo } from './storage/storage-types.js';

/**
 * HTTP caching and Range rules for media (RFC 9110 sections 13 and 14), the same for every
 * storage driver: the route asks the driver for the object's facts, these decide what to send.
 */

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match wins over If-Modified-Since; either one matching answers 304. */
export function isNotModified(headers: { 'if-none-match'?: string; 'if-modified-since'?: string }, info: MediaObjectInfo): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const etag = opaqueTag(info.etag);
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaqueTag(tag) === etag);
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

/** If-Range: the Range applies only while the client's copy (strong ETag or exact date) is still current. */
function rangeStillValid(ifRange: string | undefined, info: MediaObjectInfo): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === info.etag && !info.etag.startsWith('W/');
  return Date.parse(value) === Math.floor(info.lastModified.getTime() / 1000) * 1000;
}

export type RangeDecision = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range (`a-b`, `a-`, `-n`). Anything we do not serve as a part (no header, another
 * unit, several ranges, a malformed value, a stale If-Range) gets the whole object, as the RFC
 * allows; a well-formed range entirely past the end is unsatisfiable (416).
 */
export function decideRange(headers: { range?: string; 'if-range'?: string }, info: MediaObjectInfo): RangeDecision {
  const header = headers.range;
  if (header === undefined || !rangeStillValid(headers['if-range'], info)) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(\d{0,15})\s*-\s*(\d{0,15})\s*$/i.exec(header);
  if (!match) return { kind: 'full' };
  const [first, last] = [match[1]!, match[2]!];
  const size = info.size;
  if (first === '') {
    if (last === '') return { kind: 'full' };
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) } };
}
