import { createDiscoveryRefresh } from '../../modules/discovery/discovery-refresh.js';
import type { CliContext } from '../cli-context.js';

/**
 * `discovery refresh`: computes the rankings' figures and "readers also read" now, as the
 * housekeeping loop does every DISCOVERY_REFRESH_MINUTES (docs/DISCOVERY.md): after an import of
 * reading history, or to see a ranking exclusion's effect at once. The running nodes read the new
 * figures within seconds (they follow the version it moves).
 */
export async function discoveryRefresh(ctx: CliContext): Promise<void> {
  const report = await createDiscoveryRefresh({ db: ctx.db }).run();
  ctx.write(
    `discovery figures computed: ${report.booksWithReaders} book(s) with readers, ${report.lists} also-read list(s) from ` +
      `${report.readers} signed-in reader(s), ${report.passes} pass(es)`,
  );
}
