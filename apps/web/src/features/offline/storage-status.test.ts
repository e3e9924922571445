import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfflineStore } from './saved-chapter';
import { askPersistence, PERSIST_ANSWER, PERSIST_ASKED_AT } from './storage-status';

/** A browser that refuses persistence silently (Chromium for a site not installed nor often used). */
function refusingBrowser() {
  vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => false } });
}

function memoryMeta() {
  const meta = new Map<string, unknown>();
  const store = {
    readMeta: async (key: string) => meta.get(key),
    writeMeta: async (key: string, value: unknown) => void meta.set(key, value),
  } as unknown as OfflineStore;
  return { meta, store };
}

afterEach(() => vi.unstubAllGlobals());

describe('asking the browser to keep saved chapters (issue 56)', () => {
  it('keeps no answer for the silent request of the first save: the reader asked nothing', async () => {
    refusingBrowser();
    const { meta, store } = memoryMeta();
    expect(await askPersistence(store, { byReader: false }, 1000)).toBe(false);
    expect(meta.get(PERSIST_ANSWER)).toBeUndefined();
    // Asked once: the next save does not ask again.
    expect(meta.get(PERSIST_ASKED_AT)).toBe(1000);
  });

  it("keeps the answer to the reader's own request, for the Offline screen to say", async () => {
    refusingBrowser();
    const { meta, store } = memoryMeta();
    await askPersistence(store, { byReader: true }, 1000);
    expect(meta.get(PERSIST_ANSWER)).toBe(0);
  });
});
