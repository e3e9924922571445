import type { IncomingHttpHeaders } from 'node:http';
import { hasSaveData } from './data-saver.js';
import { readCookie } from './cookies.js';

/**
 * The part of a public cache key that comes from request headers: what a shared cache does with
 * an answer's `Vary` header, done by the in-process cache (plugins/public-cache.ts) and its front
 * (public-cache-front.ts). Every header an answer names in Vary becomes part of its key, so no
 * answer that follows a header (Save-Data, Accept-Language, Accept, a cookie...) is ever replayed
 * to a request that sent another value. A header without a normaliser below is keyed on its exact
 * value: correct, only less shared.
 */

/** Headers read into a key in a normalised form: requests that mean the same share one entry. */
const NORMALISERS: Record<string, (headers: IncomingHttpHeaders) => string> = {
  // RFC 8674: only `on` (any case, spaces around) means anything today.
  'save-data': (headers) => (hasSaveData(headers) ? 'on' : ''),
  'accept-language': (headers) => single(headers['accept-language']).toLowerCase().replace(/\s+/g, ''),
  accept: (headers) => single(headers.accept).toLowerCase().replace(/\s+/g, ''),
};

const single = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/** The lower-case header names of a Vary value (`*` included as itself). */
export function varyNames(vary: string | number | string[] | undefined): string[] {
  if (vary === undefined) return [];
  const text = Array.isArray(vary) ? vary.join(',') : String(vary);
  return text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
}

export interface VaryRule {
  /** The Vary header's names, lower case. */
  names: readonly string[];
  /** With `cookie` among the names: the cookies the answer follows (else the whole Cookie header). */
  cookies?: readonly string[];
}

/**
 * The key part of `headers` under `rule`, or null when the request cannot share an answer
 * (Vary: *, or an Authorization header: such answers are never kept).
 */
export function varyKey(rule: VaryRule, headers: IncomingHttpHeaders): string | null {
  let key = '';
  for (const name of rule.names) {
    if (name === '*') return null;
    if (name === 'authorization') {
      if (headers.authorization !== undefined) return null;
      continue;
    }
    let value: string;
    if (name === 'cookie') {
      value = rule.cookies
        ? rule.cookies.map((cookie) => `${cookie}=${readCookie(headers.cookie, cookie) ?? ''}`).join(';')
        : single(headers.cookie);
    } else {
      value = NORMALISERS[name]?.(headers) ?? single(headers[name]);
    }
    if (value !== '') key += `\n${name}:${value}`;
  }
  return key;
}

/** Whether every name of `answer` is covered by `rule` (the key was made from them). */
export function coversVary(rule: VaryRule, answer: readonly string[]): boolean {
  return answer.every((name) => rule.names.includes(name));
}
