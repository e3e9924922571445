import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import { createVersionedMemo } from '../catalogue/versioned-memo.js';
import { etagOf, type FeedDocument } from './opds-http.js';

/** A document rendered with the placeholder base, split around it. */
interface Template {
  parts: string[];
  /** The template's own hash: with the base, it determines the bytes sent. */
  digest: string;
}

/**
 * The feeds' rendered documents, kept so a feed page costs no catalogue read and no XML writing in
 * the steady state (docs/PERFORMANCE.md "OPDS feeds").
 *
 * Shared documents (the root, new, popular, a tag, a search, the tag list, the OpenSearch
 * description) are the same for every reader of a language but for their links' base path, which
 * holds the reader's key. They are rendered once with a placeholder base (a random token of this
 * process, which no title or tag can contain) and kept per catalogue version and for `ttlMs` at
 * most (popularity order moves without the version: the site's book lists allow 30 s); each
 * answer puts its own base in. Their ETag hashes the template's hash with the base.
 *
 * Personal documents (a book with the reader's locks and last page) are rendered on every 200, but
 * their ETag is remembered by what determines the bytes (`inputs`): a revalidation that matches is
 * answered 304 without rendering. After a restart the map is empty, so a changed format is hashed
 * afresh, never served as "not modified".
 */
export function createFeedDocuments(options: { versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>; ttlMs: number }) {
  const placeholder = `/opds/${randomBytes(18).toString('base64url')}/`;
  const templates = createVersionedMemo<Template>({
    versions: options.versions,
    ttlMs: options.ttlMs,
    sizeOf: (template) => template.parts.reduce((sum, part) => sum + part.length * 2, 64),
  });
  const personalEtags = new LRUCache<string, string>({ max: 20_000, ttl: options.ttlMs });

  return {
    /** A shared document: `render` writes it with the base it is given (the placeholder). */
    async shared(key: string, base: string, render: (base: string) => Promise<string>): Promise<FeedDocument> {
      const template = await templates.get(key, async () => {
        const text = await render(placeholder);
        return { parts: text.split(placeholder), digest: etagOf(text) };
      });
      return { etag: etagOf(`${template.digest}\n${base}`), body: () => template.parts.join(base) };
    },

    /**
     * A personal document: `inputs` must name everything its bytes depend on (the catalogue data's
     * digest, the reader's locks and place, the base); `offered` tells whether the request's
     * If-None-Match names an ETag.
     */
    personal(inputs: string, offered: (etag: string) => boolean, render: () => string): FeedDocument {
      const remembered = personalEtags.get(inputs);
      if (remembered !== undefined && offered(remembered)) return { etag: remembered, body: render };
      const text = render();
      const etag = etagOf(text);
      personalEtags.set(inputs, etag);
      return { etag, body: () => text };
    },
  };
}

export type FeedDocuments = ReturnType<typeof createFeedDocuments>;
