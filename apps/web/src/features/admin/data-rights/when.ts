import { formatDateTime } from '../shell/format';

/** An instant of the data-rights answers (epoch ms; null: not yet) as the console writes it. */
export const when = (at: number | null) => formatDateTime(at === null ? null : new Date(at).toISOString());
