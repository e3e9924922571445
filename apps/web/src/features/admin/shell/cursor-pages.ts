import { useState } from 'react';

interface Visited {
  cursor: string;
  /** Rows before the page the cursor opens. */
  position: number;
}

/**
 * The pages of a keyset list seen so far: the cursor of each (the first has none) and how many
 * rows came before it. Next pushes the answer's `next_cursor`, previous goes back one; a change of
 * `filters` starts again at the first. The server cannot page backwards from a cursor, so going
 * back reuses the cursor that led there.
 */
export function useCursorPages(filters: string) {
  const [state, setState] = useState<{ filters: string; visited: Visited[] }>({ filters, visited: [] });
  const visited = state.filters === filters ? state.visited : [];
  return {
    /** 0 for the first page. */
    page: visited.length,
    cursor: visited.at(-1)?.cursor,
    position: visited.at(-1)?.position ?? 0,
    /** Opens the next page, after the `shown` rows of this one. */
    next: (cursor: string, shown: number) =>
      setState({ filters, visited: [...visited, { cursor, position: (visited.at(-1)?.position ?? 0) + shown }] }),
    previous: () => setState({ filters, visited: visited.slice(0, -1) }),
  };
}
