import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/database.js';
import { countOpenIncidents } from './metrics.repository.js';

export type OrderEvent = 'created' | 'paid' | 'failed' | 'expired' | 'refunded';
export type RefusalReason = 'signature' | 'malformed' | 'rejected' | 'error';

/** What the payment notification handlers report (WeChat Pay notify, Stripe webhook). */
export interface NotificationMetrics {
  received(provider: string): void;
  verified(provider: string): void;
  refused(provider: string, reason: RefusalReason): void;
  duplicate(provider: string): void;
}

/** What the WeChat Pay reconciler reports: each order's outcome, and each completed pass. */
export interface ReconcilerMetrics {
  outcome(outcome: string): void;
  passCompleted(atMs: number): void;
}

export interface MoneyMetrics {
  /** Counted after commit (the `order-changed` domain event, wiring/after-commit.ts). */
  order(provider: string, plan: string, event: OrderEvent): void;
  notifications: NotificationMetrics;
  reconciler: ReconcilerMetrics;
}

/** The payment rails of this site: their series are written at 0 from the start. */
export interface PaymentRails {
  /** Every provider that can create orders: `wechat`, `stripe`, `sandbox`. */
  providers: readonly string[];
  /** Those that send notifications: `wechat`, `stripe`. */
  notifying: readonly string[];
}

const ORDER_EVENTS: readonly OrderEvent[] = ['created', 'paid', 'failed', 'expired', 'refunded'];
const REFUSAL_REASONS: readonly RefusalReason[] = ['signature', 'malformed', 'rejected', 'error'];
const PLANS = ['month', 'season', 'coins'] as const;

export function createMoneyMetrics(registry: Registry, db: Db, rails: PaymentRails): MoneyMetrics {
  const registers = [registry];
  const orders = new Counter({
    name: 'inkstream_orders_total',
    help: 'Orders created, paid, failed, expired and refunded (counted after commit), by provider and plan.',
    labelNames: ['provider', 'plan', 'event'],
    registers,
  });
  const received = new Counter({
    name: 'inkstream_payment_notifications_received_total',
    help: 'Deliveries to the WeChat Pay notify route and the Stripe webhook, before verification.',
    labelNames: ['provider'],
    registers,
  });
  const verified = new Counter({
    name: 'inkstream_payment_notifications_verified_total',
    help: 'Payment notifications whose signature (and decryption) passed.',
    labelNames: ['provider'],
    registers,
  });
  const refused = new Counter({
    name: 'inkstream_payment_notifications_refused_total',
    help: 'Payment notifications refused: signature (401), malformed (400), rejected (400, verified but refused), error (5xx).',
    labelNames: ['provider', 'reason'],
    registers,
  });
  const duplicates = new Counter({
    name: 'inkstream_payment_notifications_duplicate_total',
    help: 'Verified payment notifications of an event already processed.',
    labelNames: ['provider'],
    registers,
  });
  new Gauge({
    name: 'inkstream_payment_incidents_open',
    help: 'Open payment incidents, as the console counts them (read from the database at scrape).',
    registers,
    aggregator: 'first',
    async collect() {
      this.set(await countOpenIncidents(db));
    },
  });
  const lastPass = new Gauge({
    name: 'inkstream_payment_reconciler_last_run_timestamp_seconds',
    help: 'Unix time of the last completed WeChat Pay reconciliation pass on this node.',
    registers,
    aggregator: 'max',
  });
  const reconciled = new Counter({
    name: 'inkstream_payment_reconciler_orders_total',
    help: 'Orders the WeChat Pay reconciler looked at, by outcome (paid, closed, failed, waiting, error).',
    labelNames: ['outcome'],
    registers,
  });
  // A counter series appears at its first increment, and increase() cannot count that first one:
  // the first refused notification of a rail would never raise PaymentNotificationsRefused.
  // Every series an alert reads starts at 0 instead.
  for (const provider of rails.providers) {
    for (const plan of PLANS) for (const event of ORDER_EVENTS) orders.inc({ provider, plan, event }, 0);
  }
  for (const provider of rails.notifying) {
    for (const counter of [received, verified, duplicates]) counter.inc({ provider }, 0);
    for (const reason of REFUSAL_REASONS) refused.inc({ provider, reason }, 0);
  }
  return {
    order: (provider, plan, event) => orders.inc({ provider, plan, event }),
    notifications: {
      received: (provider) => received.inc({ provider }),
      verified: (provider) => verified.inc({ provider }),
      refused: (provider, reason) => refused.inc({ provider, reason }),
      duplicate: (provider) => duplicates.inc({ provider }),
    },
    reconciler: {
      outcome: (outcome) => reconciled.inc({ outcome }),
      passCompleted: (atMs) => lastPass.set(Math.floor(atMs / 1000)),
    },
  };
}
