import { client, data, downloadFile, type DownloadedFile } from './api-fetch';

// Issue 43's calls (docs/API.md, ext). The generated schema (api-schema.d.ts) knows them only once the
// server's routes are merged: until then the types below are written by hand from the design, and the
// calls go through an untyped view of the client. TODO(lead): after `npm run api:types`, switch to the
// generated types (ApiData<…>) and the typed client, and drop `untyped`.

/** The newest data archive of the reader (times: epoch ms). */
export interface DataExport {
  uuid: string;
  state: 'queued' | 'building' | 'ready' | 'failed' | 'expired';
  requested_at: number;
  ready_at: number | null;
  expires_at: number | null;
  size_bytes: number | null;
  /** The signed address of the ZIP, only while ready; it needs the login token too. */
  download_url: string | null;
  /** When the next archive may be asked for (one a day). */
  next_export_at: number;
}

/** What deleting the account costs, said before the reader confirms. */
export interface DeletionConsequences {
  consequences: { member_until: number | null; coins: number; comments: number; reviews: number; paid_orders: number };
  grace_days: number;
}

export type CommentsChoice = 'remove' | 'keep';

export interface ScheduledDeletion {
  requested_at: number | string;
  erase_at: number | string;
  comments: CommentsChoice;
}

type Answer = Promise<{ data?: unknown; error?: unknown; response: Response }>;
type Call = (
  path: string,
  init?: { params?: { path?: Record<string, unknown>; query?: Record<string, unknown> }; body?: unknown },
) => Answer;
/** TODO(lead): the typed client once the schema has these paths. */
export const untyped = client as unknown as Record<'GET' | 'POST' | 'DELETE', Call>;

/**
 * The answer's value: reader calls wrap it in `data.result`, console calls put it in `data` (the
 * design names only the object): either is read, so the screens need no change whichever the server sends.
 */
export async function valueOf<T>(call: Answer): Promise<T> {
  const answer = await data(call as Promise<{ data?: { data: unknown }; error?: unknown; response: Response }>);
  const wrapped = answer as { result?: unknown } | null;
  return (wrapped && typeof wrapped === 'object' && 'result' in wrapped ? wrapped.result : answer) as T;
}

export const dataRightsApi = {
  latestExport: (): Promise<DataExport | null> =>
    valueOf<{ export: DataExport | null }>(untyped.GET('/api/v1/user/data_export')).then((value) => value.export),
  requestExport: (): Promise<DataExport> =>
    valueOf<{ export: DataExport }>(untyped.POST('/api/v1/user/data_export', { body: {} })).then((value) => value.export),
  downloadExport: (url: string): Promise<DownloadedFile> => downloadFile(url),
  deletionConsequences: (): Promise<DeletionConsequences> => valueOf(untyped.GET('/api/v1/user/deletion')),
  requestDeletion: (body: { password: string; code?: string; comments: CommentsChoice }): Promise<ScheduledDeletion> =>
    valueOf<{ deletion: ScheduledDeletion }>(untyped.POST('/api/v1/user/deletion', { body })).then((value) => value.deletion),
};

/** An instant the API sends as epoch ms (or, on older answers, an ISO string), as a Date's time. */
export const timeOf = (at: number | string): number => (typeof at === 'number' ? at : Date.parse(at));
