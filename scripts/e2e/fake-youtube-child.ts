/**
 * The fake YouTube of the test suite (core/testing/fake-youtube.ts) in a process of its own,
 * for the browser tests' global setup (web/e2e/support/fake-youtube-process.ts): web/ may not
 * import core/testing/, and the fake must outlive any one test file. Its options come as JSON
 * in argv[2]; the parent changes the live switches over IPC. Not a benchmark itself.
 *
 * The fake replays the real fixtures. Where they are missing (a fresh clone) it says so and
 * ends, and the parent serves the site without it; with REQUIRE_REAL_FIXTURES=1, realFixtures()
 * throws instead and this process fails, which fails the run.
 */
import { startFakeYoutube, type FakeYoutubeOptions } from '../../core/testing/fake-youtube.js';
import { realFixtures, realFixturesSkipped } from '../../core/testing/real-fixtures.js';

type ParentMessage = { type: 'set'; options: Pick<FakeYoutubeOptions, 'throttled'> } | { type: 'close' };

const realFixturesDir = realFixtures();
if (!realFixturesDir) {
  process.send?.({ type: 'unavailable', reason: realFixturesSkipped() });
  process.disconnect?.();
} else {
  const options = { ...(JSON.parse(process.argv[2] ?? '{}') as FakeYoutubeOptions), realFixturesDir };
  const fake = await startFakeYoutube(options);

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'set') {
      Object.assign(fake.options, message.options);
      process.send?.({ type: 'set' });
      return;
    }
    void fake.close().then(() => process.disconnect());
  });

  process.send?.({ type: 'ready', url: fake.url });
}
