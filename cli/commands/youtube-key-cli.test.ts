import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Core } from '../../core/index.js';
import { createVideoSource } from '../../core/adapters/youtube/select-source.js';
import { buildCity, buildCityUrl } from '../../core/testing/builders.js';
import { startFakeYoutube, type FakeYoutube } from '../../core/testing/fake-youtube.js';
import { realFixtures } from '../../core/testing/real-fixtures.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { captureOutput } from '../testing/capture-output.js';
import { reportError } from '../context.js';
import { EXIT_USAGE } from '../exit-codes.js';
import { ingestCity } from './ingest.js';
import { buildReport, describeFailures } from './report.js';

const KEY_REJECTED = 'YouTube rejected the API key (YOUTUBE_API_KEY): API key not valid. Please pass a valid API key.';

describe.skipIf(!realFixtures()).each(TEST_ENGINES)('civic ingest with a YouTube key that YouTube rejects, on %s', (engine) => {
  let fake: FakeYoutube;
  let core: Core;
  beforeAll(async () => {
    fake = await startFakeYoutube({ apiKey: 'the-right-key' });
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    core = await createTestCore(engine, { videoSource: createVideoSource({ apiKey: 'a-revoked-key', apiBaseUrl: `${fake.url}/` }) }, {
      config: loadConfig({ NODE_ENV: 'test', YOUTUBE_API_KEY: 'a-revoked-key' }),
    });
  });
  afterEach(async () => {
    await core.close();
  });

  it('names the setting to fix in the summary and in report --failures', async () => {
    const city = await buildCity(testDb(core), { status: 'Live' });
    await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@FairviewCouncil' });
    const output = captureOutput();
    let code: number;
    try {
      code = await ingestCity(core, { city: city.location_key, json: true });
    } finally {
      output.restore();
    }
    expect(code).toBe(1);
    expect(JSON.parse(output.stdout())).toMatchObject({ failures: [expect.objectContaining({ reason: KEY_REJECTED })] });
    expect(describeFailures(await buildReport(core, { failures: true }), 120)).toContain(KEY_REJECTED);
  });

  it('is a configuration error when a command stops on it: one line, exit 2', async () => {
    const city = await buildCity(testDb(core), { status: 'Live' });
    const thrown = await core.functions
      .fetchYoutubeVideos({ url: (await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@FairviewCouncil' })).url, cityId: city.id })
      .catch((error: unknown) => error);
    const output = captureOutput();
    try {
      expect(reportError(thrown)).toBe(EXIT_USAGE);
    } finally {
      output.restore();
    }
    expect(output.stderr()).toBe(`civic: ${KEY_REJECTED}\n`);
  });
});
