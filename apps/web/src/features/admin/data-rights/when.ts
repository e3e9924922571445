import { formatDateTime } from '../shell/format';

/** An instant of the data-rights answers (epoch ms, or an ISO string) as the console writes it. */
export const when = (at: number | string | null | undefined) => formatDateTime(typeof at === 'number' ? new Date(at).toISOString() : at);
