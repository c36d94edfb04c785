import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type Core } from '../../core/index.js';
import { withVideoLocks } from '../../core/pipeline/video-locks.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { createTestCore, testDatabase, testDb } from '../../core/testing/test-core.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { EXIT_NOTHING_TO_DO, EXIT_OK, EXIT_WORK_HELD } from '../exit-codes.js';
import { batchCities, ingestCity } from './ingest.js';

describe.each(TEST_ENGINES)('civic batch on %s', (engine) => {
  let core: Core;
  let stdout: string[];
  let stderr: string[];
  let logLines: string[];
  beforeEach(async () => {
    logLines = [];
    // Its log lines where the test can read them.
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void logLines.push(line) } });
    core = await createTestCore(engine, {}, { logger });
    stdout = [];
    stderr = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => stdout.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => stderr.push(String(chunk)) > 0);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await core.close();
  });

  it('deletes expired personal data after its run, old analytics with it', async () => {
    const old = new Date(Date.now() - 40 * 24 * 60 * 60_000);
    await testDb(core).insertInto('analytics_events').values([{ name: 'old_event', created_at: old }, { name: 'new_event' }]).execute();
    await testDb(core).insertInto('users').values({ email: 'never-confirmed@example.org', created_at: old }).execute();
    await testDb(core).insertInto('auth_codes').values({ email: 'x@example.org', purpose: 'login', code_hash: 'h', expires_at: old }).execute();

    await batchCities(core, { status: 'Live', json: true });
    expect(await testDb(core).selectFrom('analytics_events').select('name').execute()).toEqual([{ name: 'new_event' }]);
    expect(await testDb(core).selectFrom('users').select('id').execute()).toEqual([]);
    expect(await testDb(core).selectFrom('auth_codes').select('id').execute()).toEqual([]);
  });

  it('matches the status whatever its case, and prints the summary as one JSON line', async () => {
    const city = await buildCity(testDb(core), { status: 'Live' });
    const code = await batchCities(core, { status: 'lIVE', json: true, stages: ['discover'] });
    expect(code).toBe(EXIT_OK);
    expect(stdout).toHaveLength(1);
    expect(stdout[0]?.endsWith('}\n')).toBe(true);
    expect(stdout[0]?.trim()).not.toContain('\n');
    expect(JSON.parse(stdout[0] ?? '')).toMatchObject({ cities: [city.location_key] });
  });

  it('refuses an unknown status, naming the valid ones, and runs nothing', async () => {
    await expect(batchCities(core, { status: 'Active', json: true })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Unknown status "Active": one of New, Test, Live, Archive',
    });
    expect(await testDb(core).selectFrom('pipeline_runs').select('id').execute()).toEqual([]);
  });

  it('says there is nothing to process and exits 3 when no city has the status', async () => {
    await buildCity(testDb(core), { status: 'Test' });
    const code = await batchCities(core, { status: 'archive', json: true });
    expect(code).toBe(EXIT_NOTHING_TO_DO);
    expect(stderr.join('')).toBe("civic: no city has status Archive: nothing to process (civic city list shows each city's status)\n");
    expect(stdout).toEqual([]);
    expect(await testDb(core).selectFrom('pipeline_runs').select('id').execute()).toEqual([]);
  });

  it('exits 4 with one line when another run holds every video of the city', async () => {
    const city = await buildCity(testDb(core), { status: 'Live' });
    const videos = [await buildVideo(testDb(core), city.id), await buildVideo(testDb(core), city.id)];
    const code = await withVideoLocks(testDb(core), testDatabase(core).engine, async (other) => {
      for (const video of videos) expect(await other.tryLock(video.id)).toBe(true);
      return ingestCity(core, { city: city.location_key, json: true, stages: ['transcript'] });
    });
    expect(code).toBe(EXIT_WORK_HELD);
    expect(stderr.join('')).toBe('civic: another civic run is working on all 2 videos of this one: nothing was done here (exit 4)\n');
    expect(JSON.parse(stdout[0] ?? '')).toMatchObject({ videos: { total: 2, heldByOtherRuns: 2 } });
  });

  it("logs each video's stage with an ISO time, the city, the run id and the video's title", async () => {
    const city = await buildCity(testDb(core), { status: 'Live' });
    await buildVideo(testDb(core), city.id, { title: 'Council meeting, March 3' });
    await ingestCity(core, { city: city.location_key, json: true, stages: ['transcript'] });
    const { runId } = JSON.parse(stdout[0] ?? '') as { runId: string };
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const stageLine = lines.find((line) => line.stage === 'transcript');
    expect(stageLine).toMatchObject({ city: city.location_key, runId, title: 'Council meeting, March 3' });
    for (const line of lines) expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
