import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { READING_STORAGE_KEYS } from './reading-storage-keys';

describe('the reading screen storage keys', () => {
  it('take no name the app-wide keys use', () => {
    const appWide = new Set<string>(Object.values(STORAGE_KEYS));
    expect(Object.values(READING_STORAGE_KEYS).filter((key) => appWide.has(key))).toEqual([]);
  });
});
