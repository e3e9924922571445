import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { createJobRunner } from './modules/jobs/job-runner.js';
import { buildAccounts } from './wiring/accounts.js';
import { listenAfterCommit } from './wiring/after-commit.js';
import { buildCatalogue } from './wiring/catalogue.js';
import { buildMoney } from './wiring/money.js';
import { buildOperator } from './wiring/operator.js';
import { buildPlatform } from './wiring/platform.js';
import { buildReaderFeatures } from './wiring/reader-features.js';
import type { ServicesOptions } from './wiring/services-options.js';

export type { ServicesOptions } from './wiring/services-options.js';

/**
 * The one wiring root of the server's services: the HTTP app (app.ts) and the admin command line
 * (cli/cli-context.ts) both build them here, once, so a service the CLI uses is the one the
 * server runs, with the same dependencies.
 *
 * Six stages (wiring/), each given only what the stages before it made, as its parameter's type
 * says: a stage cannot ask for a service built after it, and no closure here reaches forward
 * (lint: no-use-before-define on wiring/). Where a lower floor needs an answer from a higher one
 * (a login cancels a deletion request; a chapter answer carries the unlock offer), the service
 * that answers is built first, from what it needs, and handed down.
 *
 * Nothing here starts: no connection is opened, no timer set. The invalidation bus connects, the
 * versions and the change feed poll, the job runner and housekeeping run when app.ts starts them
 * (the CLI only publishes, which connects the bus at its first message); `close()` belongs to
 * whoever started them (test: wiring-starts-nothing.test.ts).
 */
export function createServices(config: AppConfig, db: Db, log: FastifyBaseLogger, options: ServicesOptions = {}) {
  const platform = buildPlatform(config, db, log, options);
  const accounts = buildAccounts(config, log, options, platform);
  const catalogue = buildCatalogue(config, platform);
  const money = buildMoney(config, log, { ...platform, ...accounts, ...catalogue });
  const readerFeatures = buildReaderFeatures(config, log, options, { ...platform, ...accounts, ...catalogue, ...money });
  const operator = buildOperator(config, log, { ...platform, ...accounts, ...catalogue, ...money, ...readerFeatures });
  // The job runner reads its kinds when it is made: last, from every stage's handlers.
  const { jobHandlers: mailJobs, ...accountServices } = accounts;
  const { jobHandlers: coinJobs, ...moneyServices } = money;
  const { jobHandlers: operatorJobs, ...operatorServices } = operator;
  const jobs = createJobRunner({
    db,
    queue: platform.jobQueue,
    handlers: { ...mailJobs, ...coinJobs, ...operatorJobs },
    log,
    onFinished: platform.metrics?.background.jobFinished ?? null,
    ...(options.jobPollMs ? { pollMs: options.jobPollMs } : {}),
  });
  const services = { ...platform, ...accountServices, ...catalogue, ...moneyServices, ...readerFeatures, ...operatorServices, jobs };
  listenAfterCommit(services, jobs);
  return services;
}

export type Services = ReturnType<typeof createServices>;
