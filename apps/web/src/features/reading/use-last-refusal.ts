import { useState } from 'react';

/**
 * A query's refusal, kept while the query asks again. TanStack Query clears the error of a query
 * that holds no data as soon as it refetches (a refused chapter is always stale, so each new
 * observer or prefetch asks again): without this, the end card's locked next chapter showed as
 * open, its lock and "opens with coins" gone, for as long as each refetch took.
 */
export function useLastRefusal(query: { error: unknown; isSuccess: boolean }): unknown {
  const [last, setLast] = useState<unknown>(null);
  // Derived state, set during render (React renders again at once): no frame shows it out of date.
  if (query.error !== null && query.error !== last) setLast(query.error);
  if (query.isSuccess && last !== null) setLast(null);
  if (query.error !== null) return query.error;
  return query.isSuccess ? null : last;
}
