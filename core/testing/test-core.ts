import { createMemoryBlobStore } from '../adapters/disk/memory-blob-store.js';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { createVideoSource } from '../adapters/youtube/select-source.js';
import { createTranscriptSource } from '../adapters/youtube-transcript/select-transcript-source.js';
import { loadConfig } from '../config.js';
import type { Engine } from '../db/database.js';
import { assembleCore, type AuthTuning, type Core, type Ports } from '../index.js';
import { createSilentLogger, type Logger } from '../logger.js';
import { createTestDatabase } from './test-database.js';

/**
 * A whole Core over a test database of its own: offline adapters (fixture videos and
 * transcripts from fixtures/demo, the local analyzer, uploads in memory) unless a test passes
 * its own fakes.
 * `options.authTuning` gives the auth service a test clock (the password throttle's waits).
 * Close it after the test; that drops the database.
 */
export async function createTestCore(engine: Engine, ports: Partial<Ports> = {}, options: { logger?: Logger; authTuning?: AuthTuning } = {}): Promise<Core> {
  const database = await createTestDatabase(engine);
  return assembleCore({
    config: loadConfig({ NODE_ENV: 'test' }),
    logger: options.logger ?? createSilentLogger(),
    database,
    ports: { videoSource: createVideoSource({}), transcriptSource: createTranscriptSource({}), analyzer: createLocalAnalyzer(), blobStore: createMemoryBlobStore(), ...ports },
    authTuning: options.authTuning,
  });
}
