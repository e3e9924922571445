import type { FastifyInstance } from 'fastify';
import { type AppConfig } from '../../src/config.js';
import { type Db, type DatabaseHandle } from '../../src/db/database.js';
import { type MediaStorage } from '../../src/modules/media/media-storage.js';
/** Which database this test run uses: vitest.config.ts runs the server suite once per dialect. */
export declare const TEST_DIALECT: string;
export interface TestContext {
    app: FastifyInstance;
    db: Db;
    database: DatabaseHandle;
    config: AppConfig;
    storage: MediaStorage;
    dataDir: string;
    close(): Promise<void>;
}
/** A fresh, empty database of the run's dialect (a new PostgreSQL database per call), migrated. */
export declare function createTestDatabase(): Promise<{
    databaseUrl: string | null;
    drop: () => Promise<void>;
}>;
/** Builds the whole app on a fresh database and data folder, as main.ts does, without listening. */
export declare function createTestContext(env?: Record<string, string>): Promise<TestContext>;
