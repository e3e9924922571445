import { downloadFile } from '../../lib/api-fetch';
import { offlineApi } from '../../lib/api-offline';
import { readingApi } from '../../lib/api-reading';
import { browserConnection, isMeteredConnection } from './connection';
import { browserStorage } from './offline-db';
import type { SaveDeps } from './save-chapters';

/** Saving as the browser does it: the API calls, the page images at their signed addresses, IndexedDB and Cache Storage. */
export const browserDeps: SaveDeps = {
  storage: browserStorage,
  check: offlineApi.check,
  content: (chapterUuid, language, lighter) => readingApi.chapterContent(chapterUuid, language, lighter),
  image: async (url, signal) => (await downloadFile(url, signal)).blob,
  isMetered: () => isMeteredConnection(browserConnection()),
  now: () => Date.now(),
};
