import { readStorage, removeStorage, writeStorage } from './storage-keys';

/**
 * A list kept in localStorage under one key, as JSON (issue 47: what waits for a connection:
 * reading positions, likes, reading events). Anything unreadable (another version's shape, a
 * hand-edited value) reads as nothing rather than breaking the page; an empty list removes the key,
 * so the app's start sees at once that nothing waits.
 */
export function readQueue<T>(key: string, isItem: (value: unknown) => value is T): T[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

export function writeQueue<T>(key: string, items: readonly T[]): void {
  if (items.length === 0) removeStorage(key);
  else writeStorage(key, JSON.stringify(items));
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
