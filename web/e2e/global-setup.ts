import type { TestProject } from 'vitest/node';
import { civic, run } from './support/civic.js';
import { startFakeYoutubeProcess, type FakeYoutubeProcess } from './support/fake-youtube-process.js';
import { buildSite, startSite } from './support/site.js';

export interface E2eContext {
  baseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  /** Signed up and confirmed, without the admin role. */
  member: { email: string; password: string };
  /**
   * The site reaches YouTube played by the fake (FAKE_CHANNEL_URL, THROTTLED_CITY's failed
   * transcript). False where the real fixtures it replays are missing: the tests that need it skip.
   */
  fakeYoutube: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/**
 * A city whose meetings have a transcript and nothing more: the meeting page analyses such a
 * meeting by itself on a visitor's first visit (spec §4, meetings.e2e.test.ts). Live: a
 * visitor cannot see a Test city (issue 25).
 */
export const UNANALYSED_CITY = { key: 'lakeview-wa', name: 'Lakeview' };

async function addUnanalysedCity(env: NodeJS.ProcessEnv): Promise<void> {
  const city = UNANALYSED_CITY;
  await civic(['city', 'add', '--name', city.name, '--county', 'Test County', '--state', 'WA', '--key', city.key, '--status', 'Live', '--json'], env);
  await civic(['source', 'add', '--city', city.key, '--url', 'fixture:riverton-city-council', '--title', 'Lakeview Council', '--json'], env);
  await civic(['ingest', '--city', city.key, '--stages', 'discover,transcript', '--json'], env);
}

/**
 * A city (status Test: only admins see it, city-visibility.e2e.test.ts) whose two newest
 * meetings on the fake YouTube channel were found while YouTube
 * throttled caption requests: their transcript stages failed. YouTube answers again once the
 * site is up, so an admin's retries succeed, one from the pipeline card and one from content
 * management (admin-screens.e2e.test.ts). Without the fake the city and its source are still
 * added, so every other test sees the same list of cities.
 */
export const THROTTLED_CITY = { key: 'pinecrest-or', name: 'Pinecrest', state: 'OR', source: 'Pinecrest Council', failedVideos: 2 };
/** The channel the fake YouTube knows (core/testing/fake-youtube-data.ts FAKE_CHANNEL). */
export const FAKE_CHANNEL_URL = 'https://www.youtube.com/@GoogleDevelopers';

async function addCityWithFailedTranscript(env: NodeJS.ProcessEnv, youtube: FakeYoutubeProcess | null): Promise<void> {
  const city = THROTTLED_CITY;
  await civic(['city', 'add', '--name', city.name, '--county', 'Test County', '--state', city.state, '--key', city.key, '--status', 'Test', '--json'], env);
  await civic(['source', 'add', '--city', city.key, '--url', FAKE_CHANNEL_URL, '--title', city.source, '--json'], env);
  if (!youtube) return;
  await youtube.setThrottled(true);
  // Exit 1: the transcript failed, as intended. Anything else is a broken setup.
  const failed = await civic(['ingest', '--city', city.key, '--stages', 'discover,transcript', '--limit', String(city.failedVideos), '--json'], env).then(
    () => null,
    (error: unknown) => String(error),
  );
  await youtube.setThrottled(false);
  if (!failed || !/ exited 1:/.test(failed)) throw new Error(`expected the throttled ingest of ${city.key} to fail its transcript, got: ${failed ?? 'success'}`);
}

/**
 * A demo meeting whose analysis records three decisions (scripts/e2e/seed-decisions.ts), the
 * last not tied to an agenda item; the meeting page lists them (meetings.e2e.test.ts).
 */
export const DECIDED_MEETING = { cityKey: 'fairview-ca', videoId: 'fvCC2026a03', decisions: 3 };

async function recordDecisions(env: NodeJS.ProcessEnv): Promise<void> {
  const { cityKey, videoId } = DECIDED_MEETING;
  await run(process.execPath, ['--import', 'tsx', 'scripts/e2e/seed-decisions.ts', cityKey, videoId], { env });
}

/**
 * A city whose stories an editor will review (newsroom-review.e2e.test.ts turns review on in
 * City Management): one meeting, analysed, with no story yet. Live, as visitors read its
 * stories (a Test city is staff-only, issue 25); Riverton's
 * recording (as Lakeview's): Fairview's are reached by their platform id in other files, and
 * a second copy would make that id name two meetings.
 */
export const REVIEW_CITY = { key: 'harbor-bay-ca', name: 'Harbor Bay', source: 'fixture:riverton-city-council' };

async function addReviewCity(env: NodeJS.ProcessEnv): Promise<void> {
  const city = REVIEW_CITY;
  await civic(['city', 'add', '--name', city.name, '--county', 'Test County', '--state', 'CA', '--key', city.key, '--status', 'Live', '--json'], env);
  await civic(['source', 'add', '--city', city.key, '--url', city.source, '--title', 'Harbor Bay Council', '--json'], env);
  await civic(['ingest', '--city', city.key, '--stages', 'discover,transcript,analysis', '--json'], env);
}

const ADMIN = { email: 'e2e-admin@fairview.example', password: 'e2e admin password, not secret' };
const MEMBER = { email: 'e2e-member@fairview.example', password: 'e2e member password, not secret' };

/**
 * Once per run: build the site and serve it on a freshly seeded embedded database
 * (support/site.ts), with YouTube played by the test suite's fake on 127.0.0.1 when the real
 * fixtures it replays are there. Without them (and REQUIRE_REAL_FIXTURES unset) the site runs
 * on the offline fixture sources alone, and the tests that need the fake skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildSite();
  const started = await startFakeYoutubeProcess();
  let youtube: FakeYoutubeProcess | null = null;
  if ('unavailable' in started) process.stdout.write(`${started.unavailable} (browser tests: no fake YouTube)\n`);
  else youtube = started;
  try {
    const site = await startSite({
      admins: [ADMIN],
      members: [MEMBER],
      env: youtube?.env ?? {},
      prepare: async (env) => {
        await recordDecisions(env);
        await addUnanalysedCity(env);
        await addCityWithFailedTranscript(env, youtube);
        await addReviewCity(env);
      },
    });
    project.provide('e2e', { baseUrl: site.url, dataDir: site.dataDir, admin: ADMIN, member: MEMBER, fakeYoutube: youtube !== null });
    return async () => {
      await site.stop();
      await youtube?.close();
    };
  } catch (error) {
    await youtube?.close();
    throw error;
  }
}
