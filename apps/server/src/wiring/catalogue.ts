import type { AppConfig } from '../config.js';
import { createAccessService } from '../modules/access/access.service.js';
import { createAudiences } from '../modules/access/audiences.js';
import { createBookCards } from '../modules/catalogue/book-cards.js';
import { createCatalogueService } from '../modules/catalogue/catalogue.service.js';
import { createRankingSnapshot } from '../modules/catalogue/ranking-snapshot.js';
import { createRatingPrior } from '../modules/catalogue/rating-prior.js';
import type { Platform } from './platform.js';

/** Who may read what, and the catalogue readers browse: books, their order, their cards. */
export function buildCatalogue(config: AppConfig, given: Platform) {
  const { db, catalogueVersion } = given;
  // The catalogue's mean rating (the Bayesian prior), kept per node (catalogue/rating-prior.ts).
  const ratingPrior = createRatingPrior(db);
  const ranking = createRankingSnapshot(db, catalogueVersion, { ratingMean: () => ratingPrior.mean() });
  const bookCards = createBookCards(db, catalogueVersion);
  // Who is shown which books (issue 61, access/content-rating.ts): every list, feed and page asks it.
  const audiences = createAudiences({ db, ratingPolicy: (executor) => given.siteSettings.ratingPolicy(executor) });
  return {
    audiences,
    // Who may read a chapter (docs/ARCHITECTURE.md "Who may read what"): every path but the chapter
    // answer (which asks the same rule with its own one-statement read) asks this service.
    access: createAccessService({ db, audiences }),
    ratingPrior,
    ranking,
    bookCards,
    catalogue: createCatalogueService({
      db,
      ranking,
      search: given.bookSearch,
      media: given.mediaUrls,
      community: config.community,
      ratings: config.community ? ratingPrior : null,
      bookCards,
    }),
  };
}

export type Catalogue = ReturnType<typeof buildCatalogue>;
