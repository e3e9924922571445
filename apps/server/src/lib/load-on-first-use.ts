import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package only some installations use (PostgreSQL, Redis, S3, Stripe, web push, WeChat Pay's QR
 * code), loaded the first time it is needed instead of when the server starts: a server on the
 * embedded default never holds their code (about 15 MB of heap together, docs/PERFORMANCE.md).
 * They are CommonJS packages, so `require` keeps their call sites synchronous.
 */
export function loadOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
