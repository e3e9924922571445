import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useLastRefusal } from './use-last-refusal';

/** A query whose answers the test gives one by one: each call waits for `answer`. */
function scriptedQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let settle: ((outcome: { data?: string; error?: Error }) => void) | undefined;
  const queryFn = () =>
    new Promise<string>((resolve, reject) => {
      settle = ({ data, error }) => (error ? reject(error) : resolve(data!));
    });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () => {
      const query = useQuery({ queryKey: ['next-chapter'], queryFn });
      return { query, refusal: useLastRefusal(query) };
    },
    { wrapper },
  );
  const answer = async (outcome: { data?: string; error?: Error }) => {
    await waitFor(() => expect(settle).toBeDefined());
    const give = settle!;
    settle = undefined;
    act(() => give(outcome));
  };
  const refetch = () => act(() => void client.refetchQueries({ queryKey: ['next-chapter'] }));
  return { hook, answer, refetch };
}

describe('useLastRefusal', () => {
  it('keeps a refusal while the query asks again, and drops it when the answer opens', async () => {
    const { hook, answer, refetch } = scriptedQuery();
    const refused = new Error('403 early access');
    await answer({ error: refused });
    await waitFor(() => expect(hook.result.current.refusal).toBe(refused));

    refetch();
    await waitFor(() => expect(hook.result.current.query.isFetching).toBe(true));
    // The library itself forgets the error while it asks again: the hook must not.
    expect(hook.result.current.query.error).toBeNull();
    expect(hook.result.current.refusal).toBe(refused);

    const again = new Error('403 still');
    await answer({ error: again });
    await waitFor(() => expect(hook.result.current.refusal).toBe(again));

    refetch();
    await answer({ data: 'open now' });
    await waitFor(() => expect(hook.result.current.query.isSuccess).toBe(true));
    expect(hook.result.current.refusal).toBeNull();
  });
});
