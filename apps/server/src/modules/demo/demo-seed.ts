import type { Db } from '../../db/database.js';
import type { MediaStorage } from '../media/media-storage.js';
import { createDemoAccounts } from './demo-accounts.js';
import { isCatalogueEmpty, seedDemoCatalogue } from './demo-catalogue.js';

/** DEMO_CATALOGUE=auto: fill an empty catalogue with the generated demo books and demo accounts. */
export async function seedDemoIfEmpty(deps: { db: Db; storage: MediaStorage; log: (message: string) => void }): Promise<boolean> {
  if (!(await isCatalogueEmpty(deps.db))) return false;
  const now = Date.now();
  deps.log('empty catalogue: generating the demo catalogue');
  const summary = await seedDemoCatalogue({ db: deps.db, storage: deps.storage, now, log: deps.log });
  await createDemoAccounts(deps.db, now);
  deps.log(`demo catalogue ready: ${summary.books} books, ${summary.chapters} chapters, ${summary.pages} pages in ${summary.ms} ms`);
  return true;
}
