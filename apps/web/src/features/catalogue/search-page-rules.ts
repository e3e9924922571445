import { PAGE_PATTERNS } from '@inkstream/contracts/routes';

/** Beyond this the address names no page (as the chapter list's `?page=`). */
const MAX_PAGE = 100_000;

/** The first results page shown, from 0; the address counts from 1 (`?page=2` is the second page). */
export function searchStartPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0;
}

/** The address of results page `page` (from 0) with the same query, filters and sort: the "Next page" link without JavaScript. */
export function searchPageLink(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 0) next.set('page', String(page + 1));
  else next.delete('page');
  return `${PAGE_PATTERNS.search}?${next.toString()}`;
}
