import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.js';

describe('createLruCache onRemove', () => {
  it('hears every entry that leaves, evicted, replaced or deleted, and none on clear', () => {
    const removed: string[] = [];
    const cache = createLruCache<number>({ maxEntries: 2, maxBytes: 100, onRemove: (key, value) => removed.push(`${key}=${value}`) });
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.get('a'); // b is now the least recently used
    cache.set('c', 3, 10);
    expect(removed).toEqual(['b=2']);
    cache.set('a', 4, 10);
    expect(removed).toEqual(['b=2', 'a=1']);
    cache.delete('c');
    cache.delete('missing');
    expect(removed).toEqual(['b=2', 'a=1', 'c=3']);
    cache.set('d', 5, 95); // over the byte bound with a: a goes
    expect(removed).toEqual(['b=2', 'a=1', 'c=3', 'a=4']);
    cache.clear();
    expect(removed).toHaveLength(4);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });
});
