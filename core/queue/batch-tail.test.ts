import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureDemoData } from '../adapters/fixture/demo-data.js';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { createVideoSource } from '../adapters/youtube/select-source.js';
import { createTranscriptSource } from '../adapters/youtube-transcript/select-transcript-source.js';
import type { Database } from '../db/database.js';
import { seedDemo } from '../demo/seed.js';
import { createSilentLogger } from '../logger.js';
import type { Analyzer } from '../ports/language-model.js';
import { createPrivacyService } from '../privacy/privacy-service.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createQueueService, type QueueService } from './queue-service.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();
const MODEL_MS = 300;

/** The local analyzer, each call slowed as a model's would be; the calls listed as they start. */
function slowAnalyzer() {
  const inner = createLocalAnalyzer();
  const calls: string[] = [];
  const analyzer: Analyzer = {
    kind: inner.kind,
    model: inner.model,
    async analyze(input, ctx) {
      calls.push(`analysis ${input.title}`);
      await delay(MODEL_MS);
      return inner.analyze(input, ctx);
    },
    async writeStory(input, ctx) {
      calls.push(`story ${input.title}`);
      await delay(MODEL_MS);
      return inner.writeStory(input, ctx);
    },
  };
  return { analyzer, calls };
}

describe.skipIf(!TEST_ENGINES.includes('postgres') || !TEST_DATABASE_URL)("a batch's tail on the queue", () => {
  let database: Database;
  let schema: string;
  let service: QueueService;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    await seedDemo(database.db, createFixtureDemoData());
    schema = `pgboss_${randomBytes(5).toString('hex')}`;
  });
  afterEach(async () => {
    await service.close();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  });

  it('starts the last video before a started one goes on, when fewer wait than the slots: 5 videos on 2 slots take 5 model calls of time, not 6', async () => {
    const { analyzer, calls } = slowAnalyzer();
    service = createQueueService({
      db: database.db,
      engine: 'postgres',
      databaseUrl: TEST_DATABASE_URL,
      logger: createSilentLogger(),
      settings: { enabled: true, jobExpirySeconds: 60, maintenanceSeconds: 60, retryDelaySeconds: 1, pollMs: 50, heartbeatSeconds: 10 },
      schema,
      workerDeps: () => ({ db: database.db, engine: database.engine, logger: createSilentLogger(), videoSource: createVideoSource(), transcriptSource: createTranscriptSource(), analyzer, privacy: createPrivacyService(database.db) }),
    });
    await service.enqueueIngest('fairview-ca', { stages: ['discover', 'transcript', 'analysis', 'story', 'verify'], force: true });
    const stop = new AbortController();
    const worker = service.work({ concurrency: 2, stop: stop.signal, abort: new AbortController().signal });
    try {
      const settled = async () => {
        const rows = (await service.status()).jobs;
        return rows.some((row) => row.stage === 'verify') && rows.every((row) => row.waiting === 0 && row.active === 0);
      };
      while (!(await settled())) await delay(100);
    } finally {
      stop.abort();
      await worker;
    }
    const analyses = calls.filter((call) => call.startsWith('analysis'));
    expect(analyses).toHaveLength(5);
    expect(calls.filter((call) => call.startsWith('story'))).toHaveLength(5);
    // Each slot going on with its own video, the last video's analysis would start when both
    // slots' chains ended, after every story but its own: its story would then start a chain late.
    const storiesAfterLastAnalysis = calls.slice(calls.lastIndexOf(analyses.at(-1)!)).filter((call) => call.startsWith('story'));
    expect(storiesAfterLastAnalysis.length).toBeGreaterThanOrEqual(2);
    // Every video went through every stage once, none failed on the other's lock.
    const stages = await database.db.selectFrom('video_stages').select(['stage', 'status']).where('stage', 'in', ['analysis', 'story', 'verify']).execute();
    expect(stages.filter((row) => row.status === 'done')).toHaveLength(15);
    const retried = (await service.status()).jobs.reduce((sum, row) => sum + row.failed, 0);
    expect(retried).toBe(0);
  }, 60_000);
});
