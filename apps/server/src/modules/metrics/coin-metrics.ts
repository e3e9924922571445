import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/database.js';
import { coinFigures } from './metrics.repository.js';

/** A scrape reads the ledger at most this often; scrapes in between answer the last figures. */
export const COIN_FIGURES_MAX_AGE_MS = 60_000;

const LOT_SOURCES = ['purchase', 'bonus', 'grant'] as const;
const UNLOCK_KINDS = ['coins', 'wait_free'] as const;

/**
 * Coins on /metrics (docs/OPERATIONS.md "Families"): what readers hold (the operator's liability),
 * standing unlocks (coins and wait-for-free) and coins expired. Read from the ledger, so every node
 * and worker answers the same (aggregator `first`) and a restart loses nothing; the three sums walk
 * the coin tables, so they are read at most once a minute, not at every scrape.
 */
export function registerCoinGauges(registry: Registry, db: Db, now: () => number = Date.now): void {
  let cached: { at: number; figures: Awaited<ReturnType<typeof coinFigures>> } | null = null;
  let reading: Promise<Awaited<ReturnType<typeof coinFigures>>> | null = null;
  async function figures() {
    const at = now();
    if (cached && at - cached.at < COIN_FIGURES_MAX_AGE_MS) return cached.figures;
    // One read for the three gauges of a scrape (and for scrapes arriving together).
    reading ??= coinFigures(db, at)
      .then((read) => {
        cached = { at, figures: read };
        return read;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }
  const registers = [registry];
  new Gauge({
    name: 'inkstream_coins_outstanding',
    help: 'Coins readers hold now, unexpired (a liability), by lot source: purchase (paid), bonus, grant. Read from the ledger at most once a minute.',
    labelNames: ['source'],
    registers,
    aggregator: 'first',
    async collect() {
      const { held } = await figures();
      for (const source of LOT_SOURCES) this.set({ source }, held.get(source) ?? 0);
    },
  });
  new Gauge({
    name: 'inkstream_coin_unlocks',
    help: 'Chapters unlocked for good and not taken back by a refund, by kind: coins, wait_free (free unlocks). Read at most once a minute.',
    labelNames: ['kind'],
    registers,
    aggregator: 'first',
    async collect() {
      const { unlocks } = await figures();
      for (const kind of UNLOCK_KINDS) this.set({ kind }, unlocks.get(kind) ?? 0);
    },
  });
  new Gauge({
    name: 'inkstream_coins_expired',
    help: 'Bonus coins that expired unspent, since the start (the ledger’s expiry entries). Read at most once a minute.',
    registers,
    aggregator: 'first',
    async collect() {
      this.set((await figures()).expired);
    },
  });
}
