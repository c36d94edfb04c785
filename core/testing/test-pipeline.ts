import { createFixtureDemoData } from '../adapters/fixture/demo-data.js';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { createVideoSource } from '../adapters/youtube/select-source.js';
import { createTranscriptSource } from '../adapters/youtube-transcript/select-transcript-source.js';
import type { Database } from '../db/database.js';
import { seedDemo } from '../demo/seed.js';
import { createSilentLogger } from '../logger.js';
import type { PipelineDeps } from '../pipeline/deps.js';

/** Pipeline dependencies for tests: demo fixtures, the local analyzer, nothing on the network. */
export function createTestPipelineDeps(database: Database, overrides: Partial<PipelineDeps> = {}): PipelineDeps & { engine: Database['engine'] } {
  return {
    db: database.db,
    engine: database.engine,
    logger: createSilentLogger(),
    videoSource: createVideoSource(),
    transcriptSource: createTranscriptSource(),
    analyzer: createLocalAnalyzer(),
    ...overrides,
  };
}

/** Seeds the demo cities and returns Fairview. */
export async function seedFairview(database: Database) {
  await seedDemo(database.db, createFixtureDemoData());
  return database.db.selectFrom('cities').selectAll().where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
}

export async function countRows(database: Database, table: 'city_videos' | 'transcript_segments' | 'llm_calls' | 'video_stages'): Promise<number> {
  const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
