/**
 * The fake YouTube of the test suite (core/testing/fake-youtube.ts) in a process of its own,
 * for the browser tests' global setup (web/e2e/support/fake-youtube-process.ts): web/ may not
 * import core/testing/, and the fake must outlive any one test file. Its options come as JSON
 * in argv[2]; the parent changes the live switches over IPC. Not a benchmark itself.
 */
import { startFakeYoutube, type FakeYoutubeOptions } from '../../core/testing/fake-youtube.js';

type ParentMessage = { type: 'set'; options: Pick<FakeYoutubeOptions, 'throttled'> } | { type: 'close' };

const fake = await startFakeYoutube(JSON.parse(process.argv[2] ?? '{}') as FakeYoutubeOptions);

process.on('message', (message: ParentMessage) => {
  if (message.type === 'set') {
    Object.assign(fake.options, message.options);
    process.send?.({ type: 'set' });
    return;
  }
  void fake.close().then(() => process.disconnect());
});

process.send?.({ type: 'ready', url: fake.url });
