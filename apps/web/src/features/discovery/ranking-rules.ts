import type { RankingKind, RankingPeriod } from '@inkstream/contracts';

/**
 * The rankings in their tabs' order. Written here, not imported from contracts' RANKING_KINDS: a
 * value from the contracts' index brings its schemas and TypeBox into the shared vendor chunk, which
 * every first load downloads (5.5 KB gzip). The check below fails the build when a kind is missing.
 */
export const RANKING_KINDS = ['popular', 'top_rated', 'rising', 'new', 'completed'] as const satisfies readonly RankingKind[];
type MissingKind = Exclude<RankingKind, (typeof RANKING_KINDS)[number]>;
const everyKind: [MissingKind] extends [never] ? true : never = true;
void everyKind;

/** The rankings page's view, all of it in the address (`/rankings?kind=rising&period=day&tag=romance&type=novel`). */
export interface RankingState {
  kind: RankingKind;
  period: RankingPeriod;
  tag: string | undefined;
  type: 'comic' | 'novel' | undefined;
}

export const RANKING_PERIODS: readonly RankingPeriod[] = ['day', 'week', 'month'];
const DEFAULT_KIND: RankingKind = 'popular';
const DEFAULT_PERIOD: RankingPeriod = 'week';
/** A ranking's first page (the API's largest page); the next ones come on request. */
export const RANKING_PAGE_SIZE = 50;

/** Only popular and rising count readers over a chosen period; the other rankings have none to choose. */
export const hasPeriod = (kind: RankingKind) => kind === 'popular' || kind === 'rising';

export function readRankingState(params: URLSearchParams): RankingState {
  const kind = params.get('kind');
  const period = params.get('period');
  const type = params.get('type');
  const tag = params.get('tag')?.trim();
  return {
    kind: (RANKING_KINDS as readonly string[]).includes(kind ?? '') ? (kind as RankingKind) : DEFAULT_KIND,
    period: (RANKING_PERIODS as readonly string[]).includes(period ?? '') ? (period as RankingPeriod) : DEFAULT_PERIOD,
    tag: tag ? tag.slice(0, 64) : undefined,
    type: type === 'comic' || type === 'novel' ? type : undefined,
  };
}

/** The address's query for a view: defaults left out, so the plain `/rankings` is the canonical page. */
export function writeRankingState(state: RankingState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.kind !== DEFAULT_KIND) params.set('kind', state.kind);
  if (hasPeriod(state.kind) && state.period !== DEFAULT_PERIOD) params.set('period', state.period);
  if (state.tag) params.set('tag', state.tag);
  if (state.type) params.set('type', state.type);
  return params;
}

/** How a book moved since the previous period: up or down by some places, new to the list, or unchanged. */
export type Movement = { kind: 'up' | 'down'; by: number } | { kind: 'new' } | { kind: 'same' };

export function movementOf(rank: number, previousRank: number | null): Movement {
  if (previousRank === null) return { kind: 'new' };
  if (previousRank > rank) return { kind: 'up', by: previousRank - rank };
  if (previousRank < rank) return { kind: 'down', by: rank - previousRank };
  return { kind: 'same' };
}
