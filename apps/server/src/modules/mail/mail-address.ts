import { domainToASCII } from 'node:url';
import { ErrorCode } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';

/** RFC 5321: a path of at most 256 octets, so an address of at most 254; a local part of at most 64. */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
const DOMAIN_MAX = 253;
const LABEL_MAX = 63;

/**
 * Characters of an unquoted local part (RFC 5322 atext, RFC 6531 letters and digits of any script):
 * no quotes, spaces, brackets, backslashes, commas, colons or semicolons, and no control characters.
 */
const LOCAL_CHAR = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~.-]+$/u;
/** Any control character (C0, DEL, C1) or line/paragraph separator: nothing that could end a header line. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export interface MailAddress {
  /** The address as stored and mailed: the local part as typed (NFC), the domain lower-cased, in ASCII (punycode). */
  address: string;
  /** The unique key: the whole address lower-cased. */
  key: string;
}

/**
 * Validates and normalises an e-mail address, or returns null. Deliberately narrower than RFC 5322:
 * only addresses a reader really types (no quoted local parts, comments or IP literals), so nothing
 * that reaches a message header can carry a line break or a second address.
 */
export function parseMailAddress(raw: string): MailAddress | null {
  if (typeof raw !== 'string' || raw.length > EMAIL_MAX * 4) return null;
  if (CONTROL.test(raw)) return null;
  const value = raw.trim().normalize('NFC');
  if (value === '' || /\s/u.test(value)) return null;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return null;
  const local = value.slice(0, at);
  const domainInput = value.slice(at + 1);
  if (Buffer.byteLength(local, 'utf8') > EMAIL_LOCAL_MAX) return null;
  if (!LOCAL_CHAR.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  // An IP literal ([192.0.2.1], [IPv6:…]) or anything else bracketed, quoted or with a port.
  if (domainInput === '' || /[[\]"':/\\%]/.test(domainInput)) return null;
  const domain = domainToASCII(domainInput.toLowerCase());
  if (domain === '' || domain.length > DOMAIN_MAX) return null;
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  for (const label of labels) if (label.length === 0 || label.length > LABEL_MAX || !LABEL.test(label)) return null;
  // A numeric top-level label is an IPv4 address in disguise (1.2.3.4, 0x7f.1 becomes 127.0.0.1).
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  const address = `${local}@${domain}`;
  if (Buffer.byteLength(address, 'utf8') > EMAIL_MAX) return null;
  return { address, key: address.toLowerCase() };
}

export const invalidEmail = () => new AppError(ErrorCode.INVALID_EMAIL, 400, 'This is not an e-mail address we can send to');

/** parseMailAddress or a 400 INVALID_EMAIL. */
export function requireMailAddress(raw: string): MailAddress {
  const parsed = parseMailAddress(raw);
  if (!parsed) throw invalidEmail();
  return parsed;
}

/** For logs and audit entries: "a•••@example.com" (never the whole address). */
export function maskMailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${[...address.slice(0, at)][0]}•••@${address.slice(at + 1)}`;
}
