import { pagePath } from '@inkstream/contracts/routes';

/**
 * The results page of a search (`/search?q=`): where the header's search and "did you mean" lead.
 * In lib/ so the header (components/) and the catalogue feature can both use it without a loop
 * between them (scripts/check-imports-web.mjs).
 */
export const searchPath = (q: string): string => pagePath.search(q.trim());
