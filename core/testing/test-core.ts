import type { Kysely } from 'kysely';
import { createMemoryBlobStore } from '../adapters/disk/memory-blob-store.js';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { createVideoSource } from '../adapters/youtube/select-source.js';
import { createTranscriptSource } from '../adapters/youtube-transcript/select-transcript-source.js';
import { loadConfig, type Config } from '../config.js';
import type { Database, Engine } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { AuthTuning } from '../auth/auth-services.js';
import { assembleCore, type Core, type Ports } from '../create-core.js';
import { createSilentLogger, type Logger } from '../logger.js';
import { createTestDatabase } from './test-database.js';

export interface TestCoreOptions {
  logger?: Logger;
  /** The auth service's test clock (the password throttle's waits). */
  authTuning?: AuthTuning;
  /** Settings other than the test defaults (`NODE_ENV=test`), e.g. a YouTube key a fake checks. */
  config?: Config;
}

/** What a test core was built over, for the tests that arrange or check rows directly. */
const insides = new WeakMap<Core, { database: Database; ports: Ports }>();

/**
 * A whole Core over a test database of its own: offline adapters (fixture videos and
 * transcripts from fixtures/demo, the local analyzer, uploads in memory) unless a test passes
 * its own fakes.
 * Close it after the test; that drops the database.
 */
export async function createTestCore(engine: Engine, ports: Partial<Ports> = {}, options: TestCoreOptions = {}): Promise<Core> {
  const database = await createTestDatabase(engine);
  const allPorts: Ports = {
    videoSource: createVideoSource({}),
    transcriptSource: createTranscriptSource({}),
    analyzer: createLocalAnalyzer(),
    blobStore: createMemoryBlobStore(),
    ...ports,
  };
  const core = assembleCore({
    config: options.config ?? loadConfig({ NODE_ENV: 'test' }),
    logger: options.logger ?? createSilentLogger(),
    database,
    ports: allPorts,
    authTuning: options.authTuning,
  });
  insides.set(core, { database, ports: allPorts });
  return core;
}

function insidesOf(core: Core) {
  const found = insides.get(core);
  if (!found) throw new Error('not a test core: make it with createTestCore');
  return found;
}

/**
 * The database under a test core, for arranging rows and checking what a command or request
 * wrote. Only tests reach it: the CLI and the server get services, never the handle.
 */
export function testDb(core: Core): Kysely<DB> {
  return insidesOf(core).database.db;
}

/** The whole database handle (its engine, for tests that take video locks themselves). */
export function testDatabase(core: Core): Database {
  return insidesOf(core).database;
}

/** The adapters a test core was built with. */
export function testPorts(core: Core): Ports {
  return insidesOf(core).ports;
}
