import { createHash } from 'node:crypto';

/** Every name-based id and drawn image of the demo starts from this (the same on every install). */
export const SEED_PREFIX = 'inkstream-demo';

/** A name-based (v5-style) uuid, so the demo's ids are the same on every install. */
export function demoUuid(name: string): string {
  const bytes = createHash('sha1').update(`${SEED_PREFIX}/${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
