import type { ClusterLog } from '../modules/cluster/redis-client.js';
import type { MailOptions } from '../modules/mail/mail-module.js';
import type { MediaStorage } from '../modules/media/media-storage.js';
import type { AppMetrics } from '../modules/metrics/app-metrics.js';
import type { PushLog } from '../modules/push/push.service.js';

/** What the caller of the wiring root (app.ts, the admin CLI, tests) may choose. */
export interface ServicesOptions {
  /** Media storage from the caller (main.ts, tests), who also closes it; else one from the config (`ownsStorage`). */
  storage?: MediaStorage | undefined;
  /** How often the job runner looks for due jobs (default 1 s). */
  jobPollMs?: number | undefined;
  /** E-mail sending options (tests shorten the retry schedule). */
  mail?: MailOptions | undefined;
  /** How often the catalogue version is read from the database once started (default 1 s). */
  catalogueVersionPollMs?: number | undefined;
  /** How often the reader change feed is polled once started (default 1 s). */
  readerChangesPollMs?: number | undefined;
  /** Prometheus metrics (modules/metrics/) when they are on; absent or null: nothing is counted. */
  metrics?: AppMetrics | null | undefined;
  /** Lines the admin CLI writes its own way (stderr) instead of through `log`. */
  logs?: { cluster?: ClusterLog; push?: PushLog };
}
