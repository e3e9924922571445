import { normalizeLanguage, type Language } from '@inkstream/contracts';
import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage } from './accept-language.js';

/**
 * The reader's language from the request's Accept-Language: the web app sends its active site
 * language there ("zh-cn"); a browser's own header ("fr-CH, fr;q=0.9") is mapped as the web app
 * maps navigator.language. Undefined without the header; en-us for one we do not speak.
 */
export function requestLanguage(request: FastifyRequest): Language | undefined {
  const header = request.headers['accept-language'];
  // "*" (what a script's fetch sends) states no preference: the stored language stays.
  if (typeof header !== 'string' || !/[a-z]/i.test(header.replace(/;\s*q=[\d.]+/gi, ''))) return undefined;
  const first = header.split(',')[0]?.split(';')[0]?.trim() ?? '';
  return normalizeLanguage(first) ?? languageFromAcceptLanguage(header);
}
