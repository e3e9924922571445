/**
 * A least-recently-used map bounded by entry count and by an estimate of bytes held, for caches
 * that live in process memory. Values larger than the byte bound are not kept.
 */
export interface LruCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, bytes: number): void;
  delete(key: string): void;
  clear(): void;
  stats(): { entries: number; bytes: number };
}

export function createLruCache<V>(limits: {
  maxEntries: number;
  maxBytes: number;
  /** Called for every entry that leaves other than by clear(): evicted, replaced or deleted. */
  onRemove?: (key: string, value: V) => void;
}): LruCache<V> {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    limits.onRemove?.(key, entry.value);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, size) {
      remove(key);
      if (size > limits.maxBytes) return;
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
