import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { ROOT } from './civic.js';

/**
 * The fake youtube.com and caption servers of the test suite (core/testing/fake-youtube.ts) on
 * 127.0.0.1, run by scripts/e2e/fake-youtube-child.ts in a child process. The served site
 * reaches it through YOUTUBE_WEB_BASE_URL and YOUTUBE_FEED_BASE_URL (no API key: the feed
 * adapter), so 'Refresh videos' and 'Fetch Transcript' go through the same code as with YouTube.
 */
export interface FakeYoutubeProcess {
  url: string;
  /** The environment that points `civic` at it. */
  env: Record<string, string>;
  /** Caption requests answer 429 and the watch page a captcha, as when YouTube throttles. */
  setThrottled(throttled: boolean): Promise<void>;
  close(): Promise<void>;
}

const CHILD = path.join(ROOT, 'scripts/e2e/fake-youtube-child.ts');

type ChildMessage = { type: 'ready'; url: string } | { type: 'unavailable'; reason: string } | { type: 'set' };

/**
 * The fake runs on the real fixtures (../shared/fixtures/real). Without them, and when they are
 * not required (REQUIRE_REAL_FIXTURES), the child says why it cannot start and this resolves to
 * `{ unavailable: reason }`: the browser tests that need the fake platform skip.
 */
export async function startFakeYoutubeProcess(options: { throttled?: boolean } = {}): Promise<FakeYoutubeProcess | { unavailable: string }> {
  const child = fork(CHILD, [JSON.stringify(options)], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');

  /** The child's next message of one of these types; rejects if it exits first. */
  function next<T extends ChildMessage['type']>(...types: T[]): Promise<Extract<ChildMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (!(types as string[]).includes(message.type)) return;
        cleanup();
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`The fake YouTube process exited (code ${code}) before answering "${types.join('" or "')}"`));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  const started = await next('ready', 'unavailable');
  if (started.type === 'unavailable') {
    await exited;
    return { unavailable: started.reason };
  }
  const { url } = started;
  return {
    url,
    env: { YOUTUBE_WEB_BASE_URL: url, YOUTUBE_FEED_BASE_URL: url },
    setThrottled: async (throttled) => {
      const answered = next('set');
      child.send({ type: 'set', options: { throttled } });
      await answered;
    },
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
