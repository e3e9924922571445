import type { DiscoveryFixtures } from './discovery-reading.js';
import type { BenchFixtures } from './fixtures.js';
import type { CapturedResponse } from './server-process.js';

export type SearchOrder = 'updated_at' | 'popularity';

export interface BenchRoute {
  name: string;
  path: string;
  /** Sent with every request of the route (the member's token); the bare server ignores them. */
  headers?: Readonly<Record<string, string>>;
  /** Set on search routes, for the page-0-versus-page-50 comparison. */
  search?: { order: SearchOrder; tagged: boolean; page: number };
  /** How to find the list in the answer and how long it must be, so an empty or wrong answer is not benchmarked. */
  expect: { list: (data: unknown) => unknown; length: number };
}

const API = '/api/v1';
const PAGE_SIZE = 10;

export function searchPath(order: SearchOrder, tag: string | null, page: number): string {
  const tagParam = tag === null ? '' : `&tag=${encodeURIComponent(tag)}`;
  return `${API}/comics/book/search?language=en-us&page=${page}&page_size=${PAGE_SIZE}&order_by=${order}${tagParam}`;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The routes issue 2 section 9 lists: search in both orders, with and without a tag, pages 0 and 50;
 * chapter list; free content. Then issue 12's member read: a paid chapter with a member's token.
 */
export function buildRoutes(fixtures: BenchFixtures, memberToken: string, discovery?: DiscoveryFixtures): BenchRoute[] {
  const routes: BenchRoute[] = [];
  for (const order of ['updated_at', 'popularity'] as const) {
    for (const tagged of [false, true]) {
      for (const page of [0, 50]) {
        routes.push({
          name: `search ${order}${tagged ? ' +tag' : ''} page ${page}`,
          path: searchPath(order, tagged ? fixtures.tag : null, page),
          search: { order, tagged, page },
          expect: { list: (data) => field(field(data, 'data'), 'result'), length: PAGE_SIZE },
        });
      }
    }
  }
  routes.push({
    name: 'chapter list asc 0/10',
    path: `${API}/comics/chapters/${fixtures.bookUuid}/en-us/asc/0/10`,
    expect: { list: (data) => field(field(field(data, 'data'), 'result'), 'chapters'), length: 10 },
  });
  routes.push({
    name: 'chapter content (free)',
    path: `${API}/comics/chapter_comics/${fixtures.chapterUuid}/en-us`,
    expect: { list: (data) => field(field(field(data, 'data'), 'result'), 'images'), length: 3 },
  });
  if (discovery) {
    // Issue 46: public reads from the discovery figures in memory (bench/src/discovery-reading.ts).
    routes.push({
      name: 'rankings popular week',
      path: `${API}/comics/rankings/popular?period=week&language=en-us&page_size=${PAGE_SIZE}`,
      expect: { list: (data) => field(field(data, 'data'), 'result'), length: PAGE_SIZE },
    });
    routes.push({
      name: 'rankings popular week +tag',
      path: `${API}/comics/rankings/popular?period=week&language=en-us&page_size=${PAGE_SIZE}&tag=${encodeURIComponent(fixtures.tag)}`,
      expect: { list: (data) => field(field(data, 'data'), 'result'), length: PAGE_SIZE },
    });
    routes.push({
      name: 'also read',
      path: `${API}/comics/book/${discovery.alsoReadBookUuid}/also_read?language=en-us`,
      expect: { list: (data) => field(field(data, 'data'), 'result'), length: discovery.alsoReadLength },
    });
    routes.push({
      name: 'calendar this week',
      path: `${API}/comics/schedule?language=en-us&time_zone=Europe%2FParis&week_start=monday`,
      expect: { list: (data) => field(field(data, 'data'), 'days'), length: 7 },
    });
    routes.push({
      name: 'author page',
      path: `${API}/comics/author/${discovery.authorSlug}?language=en-us`,
      expect: { list: (data) => field(field(data, 'data'), 'books'), length: discovery.authorBooks },
    });
  }
  routes.push({
    name: 'chapter content (member)',
    path: `${API}/comics/chapter_comics/${fixtures.paidChapterUuid}/en-us`,
    headers: { authorization: `Bearer ${memberToken}` },
    expect: { list: (data) => field(field(field(data, 'data'), 'result'), 'images'), length: 3 },
  });
  return routes;
}

/**
 * Fetches every route once from the real server. Returns the answers (what the bare server will replay)
 * and, per route, why it cannot be benchmarked: a non-200 status or an answer without the expected list.
 */
export async function captureResponses(
  baseUrl: string,
  routes: readonly BenchRoute[],
): Promise<{ captured: CapturedResponse[]; problems: Map<string, string> }> {
  const captured: CapturedResponse[] = [];
  const problems = new Map<string, string>();
  for (const route of routes) {
    const response = await fetch(baseUrl + route.path, { headers: route.headers });
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)),
    );
    captured.push({ path: route.path, status: response.status, contentType, headers, body });
    if (response.status !== 200) {
      problems.set(route.name, `answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
      continue;
    }
    let list: unknown;
    try {
      list = route.expect.list(JSON.parse(body.toString('utf8')));
    } catch {
      problems.set(route.name, `answered 200 with a body that is not JSON (${contentType})`);
      continue;
    }
    if (!Array.isArray(list) || list.length !== route.expect.length) {
      const got = Array.isArray(list) ? `${list.length} items` : 'no list';
      problems.set(
        route.name,
        `answered 200 with ${got} where ${route.expect.length} were expected: ${body.toString('utf8').slice(0, 300)}`,
      );
    }
  }
  return { captured, problems };
}

/** Total number of results reported by a captured search answer (`data.total`), for the page-depth probe. */
export function searchTotal(response: CapturedResponse | undefined): number | null {
  if (!response) return null;
  try {
    const total = field(field(JSON.parse(response.body.toString('utf8')), 'data'), 'total');
    return typeof total === 'number' ? total : null;
  } catch {
    return null;
  }
}
