import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, loadConfig, type Core } from '../../core/index.js';
import { createVideoSource } from '../../core/adapters/youtube/select-source.js';
import { buildCity, buildCityUrl } from '../../core/testing/builders.js';
import { startFakeYoutube, type FakeYoutube } from '../../core/testing/fake-youtube.js';
import { realFixtures } from '../../core/testing/real-fixtures.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { buildReport, describeReport } from './report.js';
import { ingestCity } from './ingest.js';
import { describeSourceList, listSources } from './source.js';

const SECRET = 'AIzaFAKE-RECOGNISABLE-youtube-key-0042';

/** Every row of every table of the test's schema, as text to search. */
async function everyRow(core: Core): Promise<string> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(testDb(core));
  const dumps = await Promise.all(rows.map(({ table_name }) => sql`select * from ${sql.table(table_name)}`.execute(testDb(core))));
  return JSON.stringify(dumps.map((dump) => dump.rows));
}

describe.skipIf(!realFixtures()).each(TEST_ENGINES)('a failed YouTube Data API call on %s', (engine) => {
  let fake: FakeYoutube;
  let core: Core;
  let logLines: string[];
  let stdout: string[];
  beforeAll(async () => {
    fake = await startFakeYoutube({ apiKey: SECRET, dataApiHangsUp: true });
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    logLines = [];
    stdout = [];
    const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void logLines.push(line) } });
    core = await createTestCore(engine, { videoSource: createVideoSource({ apiKey: SECRET, apiBaseUrl: `${fake.url}/` }) }, {
      logger,
      config: loadConfig({ NODE_ENV: 'test', YOUTUBE_API_KEY: SECRET }),
    });
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout.push(String(chunk));
      return true;
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await core.close();
  });

  it('leaves the key in no log line, summary, source list, report or table', async () => {
    const city = await buildCity(testDb(core), { status: 'Live' });
    await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@FairviewCouncil' });

    const code = await ingestCity(core, { city: city.location_key, json: true });
    const sources = await listSources(core, { city: city.location_key });
    const report = await buildReport(core, { city: city.location_key });
    const outputs = [
      logLines.join(''),
      stdout.join(''),
      JSON.stringify(sources),
      describeSourceList(sources),
      JSON.stringify(report),
      describeReport(report),
      await everyRow(core),
    ];

    // The call was made with the key, and failed where the operator sees it.
    expect(fake.requests.some((line) => line.includes(`key=${SECRET}`))).toBe(true);
    expect(code).toBe(1);
    expect(sources.sources[0]?.sync_error).toMatch(/^Could not reach the YouTube Data API .*key=\[redacted\]/);
    for (const output of outputs) expect(output).not.toContain(SECRET);
  });
});
