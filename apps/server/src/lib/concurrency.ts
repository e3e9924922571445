/**
 * Maps `items` with at most `limit` calls in flight, keeping the input order in the result.
 * The first failure stops new calls from starting and is thrown once the running ones settle.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (failure === null && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}

/**
 * Lets the requests waiting on the event loop run before going on: long work in a request or a
 * background loop (a snapshot, an index, a cleanup) calls it between batches, since with SQLite
 * every read and write runs on the main thread too.
 */
export const letOthersRun = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
