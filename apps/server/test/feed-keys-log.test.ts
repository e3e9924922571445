import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from '../src/lib/log-redaction.js';

// A feed key in a feed URL's path is a credential (docs/SECURITY.md, "Feed keys"): request logs
// keep the route and never the key.
describe('feed keys in logged URLs', () => {
  const key = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';

  it('are replaced by [redacted], whatever follows them', () => {
    expect(redactUrl(`/opds/key/${key}/v1.2/catalog`)).toBe('/opds/key/[redacted]/v1.2/catalog');
    expect(redactUrl(`/opds/key/${key}/v1.2/books/5?page=2`)).toBe('/opds/key/[redacted]/v1.2/books/5?page=2');
    expect(redactUrl(`/opds/key/${key}`)).toBe('/opds/key/[redacted]');
    expect(redactUrl(`/opds/key/${key}?x=1`)).toBe('/opds/key/[redacted]?x=1');
    expect(redactUrl(`/OPDS/KEY/${key}/v2/catalog`)).toBe('/OPDS/KEY/[redacted]/v2/catalog');
    expect(redactUrl('/opds/key/not-even-a-key%2F../v1.2/catalog')).toBe('/opds/key/[redacted]/v1.2/catalog');
  });

  it('leave other URLs as they were, and still redact signatures', () => {
    expect(redactUrl('/opds/v1.2/catalog')).toBe('/opds/v1.2/catalog');
    expect(redactUrl('/api/v1/user/feed_keys')).toBe('/api/v1/user/feed_keys');
    expect(redactUrl(`/opds/key/${key}/x?sig=abc`)).toBe('/opds/key/[redacted]/x?sig=[redacted]');
  });

  it('never reach the request log line', () => {
    const request = { method: 'GET', url: `/opds/key/${key}/v1.2/catalog`, host: 'h', ip: '127.0.0.1' } as unknown as FastifyRequest;
    const line = JSON.stringify(serializeRequest(request));
    expect(line).not.toContain(key);
    expect(line).toContain('/opds/key/[redacted]/v1.2/catalog');
  });
});
