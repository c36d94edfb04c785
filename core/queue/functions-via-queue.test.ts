import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureDemoData } from '../adapters/fixture/demo-data.js';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { createVideoSource } from '../adapters/youtube/select-source.js';
import { createTranscriptSource } from '../adapters/youtube-transcript/select-transcript-source.js';
import type { Database } from '../db/database.js';
import type { City } from '../db/schema.js';
import { seedDemo } from '../demo/seed.js';
import { createFunctionsService } from '../functions/functions-service.js';
import { createSilentLogger } from '../logger.js';
import { createPrivacyService } from '../privacy/privacy-service.js';
import type { Analyzer } from '../ports/language-model.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { createQueueService, type QueueService } from './queue-service.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();

/** The local analyzer, slowed and counted: two callers arriving together must share one call. */
function countingAnalyzer() {
  const inner = createLocalAnalyzer();
  const counts = { analyze: 0, story: 0 };
  const analyzer: Analyzer = {
    kind: inner.kind,
    model: inner.model,
    async analyze(input, ctx) {
      counts.analyze += 1;
      await delay(200);
      return inner.analyze(input, ctx);
    },
    async writeStory(input, ctx) {
      counts.story += 1;
      await delay(200);
      return inner.writeStory(input, ctx);
    },
  };
  return { analyzer, counts };
}

describe.skipIf(!TEST_ENGINES.includes('postgres') || !TEST_DATABASE_URL)('the site functions through the queue (CIVIC_QUEUE=1)', () => {
  let database: Database;
  let schema: string;
  let services: QueueService[];
  let fairview: City;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    await seedDemo(database.db, createFixtureDemoData());
    fairview = await database.db.selectFrom('cities').selectAll().where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
    schema = `pgboss_${randomBytes(5).toString('hex')}`;
    services = [];
  });
  afterEach(async () => {
    await Promise.all(services.map((service) => service.close()));
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  });

  /** A process's queue service; a worker's runs its jobs with `analyzer`. */
  const queueService = (analyzer: Analyzer = createLocalAnalyzer()) => {
    const service = createQueueService({
      db: database.db,
      engine: 'postgres',
      databaseUrl: TEST_DATABASE_URL,
      logger: createSilentLogger(),
      settings: { enabled: true, jobExpirySeconds: 60, maintenanceSeconds: 60, retryDelaySeconds: 1, pollMs: 100, heartbeatSeconds: 10 },
      schema,
      workerDeps: () => ({ ...pipelineDeps(), analyzer, privacy: createPrivacyService(database.db) }),
    });
    services.push(service);
    return service;
  };

  const pipelineDeps = () => ({
    db: database.db,
    engine: database.engine,
    logger: createSilentLogger(),
    videoSource: createVideoSource(),
    transcriptSource: createTranscriptSource(),
  });

  it('two server processes share one job (one model call) for the same analysis, and Refresh videos is a discovery job', async () => {
    const { analyzer, counts } = countingAnalyzer();
    const base = pipelineDeps();
    // Two servers: their own analyzer is never used, the worker's is.
    const serverA = createFunctionsService({ ...base, analyzer: createLocalAnalyzer(), viaQueue: queueService() });
    const serverB = createFunctionsService({ ...base, analyzer: createLocalAnalyzer(), viaQueue: queueService() });
    const stop = new AbortController();
    const worker = queueService(analyzer).work({ concurrency: 4, stop: stop.signal, abort: new AbortController().signal });
    try {
      const refresh = await serverA.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: fairview.id });
      expect(refresh).toMatchObject({ found: 3, inserted: 3 });
      await serverA.fetchYoutubeTranscript({ videoId: 'fvCC2026a01' });
      const video = await database.db.selectFrom('city_videos').selectAll().where('video_id', '=', 'fvCC2026a01').executeTakeFirstOrThrow();

      const [first, second] = await Promise.all([
        serverA.analyzeVideoTranscript({ recordId: video.id }),
        serverB.analyzeVideoTranscript({ recordId: video.id }),
      ]);
      expect(first.analysis.summary.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
      expect(counts.analyze).toBe(1);
      const stories = await Promise.all([serverA, serverB, serverA].map((server) => server.writeTranscriptStory({ recordId: video.id })));
      expect(counts.story).toBe(1);
      expect(new Set(stories.map((story) => JSON.stringify(story))).size).toBe(1);
      // The jobs are recorded like a run's stages, by the worker's run.
      const rows = await database.db.selectFrom('video_stages').select(['stage', 'status', 'run_id']).where('city_video_id', '=', video.id).where('stage', 'in', ['analysis', 'story']).execute();
      expect(rows.map((row) => row.status)).toEqual(['done', 'done']);
      expect(rows.every((row) => row.run_id !== null)).toBe(true);
    } finally {
      stop.abort();
      await worker;
    }
  }, 120_000);

  it('a queued run whose --max-cost is spent starts no model stage on any worker', async () => {
    const { analyzer, counts } = countingAnalyzer();
    const service = queueService();
    const summary = await service.enqueueIngest('fairview-ca', { stages: ['discover', 'transcript', 'analysis', 'story'], maxCostUsd: 0 });
    expect(summary.budgetId).not.toBeNull();
    const stop = new AbortController();
    const worker = queueService(analyzer).work({ concurrency: 4, stop: stop.signal, abort: new AbortController().signal });
    try {
      const settled = async () => {
        const rows = (await service.status()).jobs;
        return rows.length > 0 && rows.every((row) => row.waiting === 0 && row.active === 0);
      };
      while (!(await settled())) await delay(200);
      const rows = (await service.status({ cityKey: 'fairview-ca' })).jobs;
      expect(rows.map((row) => row.stage)).toEqual(['discover', 'transcript', 'analysis']);
      expect(rows.every((row) => row.failed === 0)).toBe(true);
      expect(counts).toEqual({ analyze: 0, story: 0 });
      const transcripts = await database.db.selectFrom('video_stages').select('status').where('stage', '=', 'transcript').execute();
      expect(transcripts.length).toBeGreaterThan(0);
      expect(await database.db.selectFrom('video_stages').select('status').where('stage', 'in', ['analysis', 'story']).execute()).toEqual([]);
    } finally {
      stop.abort();
      await worker;
    }
  }, 120_000);
});
