/**
 * Router state of a chapter the paged reader turned into (issue 45): "previous" at a chapter's
 * first page opens the previous chapter at its LAST page, "next" at its last page the next chapter
 * at its first; `focus` says the reader had the focus, so the new chapter's reader takes it (the
 * old one, and the control used, are gone). Read like the resume state (lib/resume-state.ts):
 * history state may hold anything.
 */
export interface PagedArrival {
  at: 'start' | 'end';
  focus: boolean;
}

export const arrivalState = (arrival: PagedArrival) => ({ pagedArrival: arrival });

export function arrivalFromState(state: unknown): PagedArrival | null {
  const arrival = (state as { pagedArrival?: Partial<PagedArrival> } | null)?.pagedArrival;
  if (!arrival || (arrival.at !== 'start' && arrival.at !== 'end')) return null;
  return { at: arrival.at, focus: arrival.focus === true };
}
