import { randomBytes } from 'node:crypto';
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
 * The feeds' rendered documents, kept so a feed page costs no catalogue read and no writing in the
 * steady state (docs/OPDS.md "Caching", docs/PERFORMANCE.md "OPDS feeds").
 *
 * A document depends on the catalogue, on what the reader may read and where they are (a book's
 * locks and last page: the caller names these in the key), and on the tree's root path, which holds
 * the reader's key (`/opds/key/{key}/` or `/opds/`). It is written once with a placeholder root (a
 * random token of this process, which no title or tag can contain) and kept per catalogue version
 * and for `ttlMs` at most (popularity order moves without the version: the site's book lists allow
 * 30 s); each answer puts its own root in. So readers who see the same thing share one written
 * document, and no reader's key is ever in another's. The ETag hashes the template's hash with the
 * root: a revalidation costs no writing either.
 */
export function createFeedDocuments(options: {
  versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>;
  ttlMs: number;
  maxBytes?: number;
}) {
  const placeholder = `/opds/${randomBytes(18).toString('base64url')}/`;
  const templates = createVersionedMemo<Template>({
    versions: options.versions,
    ttlMs: options.ttlMs,
    sizeOf: (template) => template.parts.reduce((sum, part) => sum + part.length * 2, 64),
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
  });

  return {
    /** The document `key` names, for the tree at `root`; `render` writes it for the root it is given. */
    async document(key: string, root: string, render: (root: string) => Promise<string>): Promise<FeedDocument> {
      const template = await templates.get(key, async () => {
        const text = await render(placeholder);
        return { parts: text.split(placeholder), digest: etagOf(text) };
      });
      return { etag: etagOf(`${template.digest}\n${root}`), body: () => template.parts.join(root) };
    },
  };
}

export type FeedDocuments = ReturnType<typeof createFeedDocuments>;
