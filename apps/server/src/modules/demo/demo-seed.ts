import type { Db } from '../../db/database.js';
import { isCatalogueEmpty } from '../catalogue/catalogue.repository.js';
import type { MediaStorage } from '../media/media-storage.js';
import { createDemoAccounts } from './demo-accounts.js';

/** DEMO_CATALOGUE=auto: fill an empty catalogue with the generated demo books and demo accounts. */
export async function seedDemoIfEmpty(deps: { db: Db; storage: MediaStorage; log: (message: string) => void }): Promise<boolean> {
  if (!(await isCatalogueEmpty(deps.db))) return false;
  // Loaded only when needed: image generation pulls in sharp/libvips, which a running server does not need.
  const { seedDemoCatalogue } = await import('./demo-catalogue.js');
  const sharp = (await import('sharp')).default;
  const now = Date.now();
  deps.log('empty catalogue: generating the demo catalogue');
  try {
    const summary = await seedDemoCatalogue({ db: deps.db, storage: deps.storage, now, log: deps.log });
    await createDemoAccounts(deps.db, now);
    deps.log(`demo catalogue ready: ${summary.books} books, ${summary.chapters} chapters, ${summary.pages} pages in ${summary.ms} ms`);
  } finally {
    // Give back libvips' operation cache (up to 50 MB by default) once the images are written.
    sharp.cache(false);
  }
  return true;
}
