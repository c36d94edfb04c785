/**
 * The fake OpenAI server (core/testing/fake-openai.ts) in a child process. In the pipeline's
 * own process its 300 ms timers would fire late whenever the pipeline keeps the event loop
 * busy, charging the pipeline's CPU twice; a real model server is not slowed by its client.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface AnsweredCall {
  /** Date.now() in the child: the same clock as the parent's on one machine. */
  receivedAt: number;
  answeredAt: number;
}

export type ParentMessage = { type: 'reset' } | { type: 'stats' } | { type: 'close' };
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'reset' }
  | { type: 'stats'; calls: number; answered: AnsweredCall[] };

export interface FakeOpenAiProcess {
  url: string;
  /** The child's process id (its CPU time is part of a benchmark's budget). */
  pid: number;
  /** Forgets the requests seen so far. */
  reset(): Promise<void>;
  stats(): Promise<{ calls: number; answered: AnsweredCall[] }>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./fake-openai-child.ts', import.meta.url));

export async function startFakeOpenAiProcess(options: { latencyMs: number }): Promise<FakeOpenAiProcess> {
  // fork() passes on process.execArgv, which under tsx carries its loader: the child runs TypeScript too.
  const child = fork(CHILD, [String(options.latencyMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');

  function next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== type) return;
        cleanup();
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`The fake OpenAI process exited (code ${code}) before answering "${type}"`));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  const ask = <T extends ParentMessage['type'] & ChildMessage['type']>(type: T) => {
    const answer = next(type);
    child.send({ type });
    return answer;
  };

  const { url } = await next('ready');
  return {
    url,
    pid: child.pid ?? 0,
    reset: async () => {
      await ask('reset');
    },
    stats: async () => {
      const { calls, answered } = await ask('stats');
      return { calls, answered };
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
