import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PipelineEvent } from '../../core/index.js';
import { startLiveProgress } from './live-progress.js';

/** A terminal stand-in: TTY-like, 100 columns, everything written kept as text. */
function fakeTerminal() {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  const stdout = Object.assign(stream, { columns: 100, rows: 40, isTTY: true }) as unknown as NodeJS.WriteStream;
  return { stdout, output: () => stripVTControlCharacters(written) };
}

/** Timers and immediates that would keep the process alive. */
function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout' || name === 'Immediate').length;
}

function runEvents(at: number): PipelineEvent[] {
  const events: PipelineEvent[] = [
    { type: 'run-started', runId: 'r1', at, stages: ['transcript', 'analysis'], cities: ['springfield-il'] },
  ];
  for (let n = 0; n < 5; n++) events.push({ type: 'stage-queued', stage: 'transcript', item: `v${n}`, at });
  for (let n = 0; n < 3; n++) {
    events.push({ type: 'stage-started', stage: 'transcript', item: `v${n}`, at });
    events.push({
      type: 'stage-finished',
      stage: 'transcript',
      item: `v${n}`,
      label: `Meeting ${n}`,
      outcome: n === 2 ? 'failed' : 'done',
      ...(n === 2 ? { reason: 'captions disabled' } : {}),
      at: at + 1000 * (n + 1),
    });
  }
  events.push({
    type: 'model-call',
    at,
    call: { model: 'gpt-test', purpose: 'analysis', tokensIn: 12_300, tokensOut: 950, latencyMs: 10, costUsd: 0.0123, ok: true },
  });
  return events;
}

afterEach(() => {
  vi.restoreAllMocks();
});

// Ink draws only the last frame when it believes it runs in CI (CI=true, as on our CI): these
// tests are about the live frames an operator's terminal gets, so they run as a terminal would.
// Ink is imported lazily by startLiveProgress, after this is set.
vi.stubEnv('CI', 'false');
// chalk (Ink's colours) picks its level once, when Ink is first imported: a test worker's
// stdout is no terminal, so without this it would draw no colour at all and the NO_COLOR test
// could not tell the difference.
vi.stubEnv('FORCE_COLOR', '1');

describe('startLiveProgress', { timeout: 60_000 }, () => {
  it('draws the events, draws the final state on stop and leaves no timers', async () => {
    const timersBefore = activeTimers();
    // Unref'd timers do not show up as active resources, so watch intervals being cleared too.
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval');
    const terminal = fakeTerminal();
    const live = startLiveProgress({ stdout: terminal.stdout });
    const events = runEvents(Date.now());
    for (const event of events.slice(0, 4)) live.onEvent(event);
    // The first frame waits for Ink to load, which takes a while on a cold start.
    // Generous: on a loaded machine the first import of Ink and React can take many seconds.
    await vi.waitFor(() => expect(terminal.output()).toContain('transcript'), { timeout: 45_000 });

    for (const event of events.slice(4)) live.onEvent(event);
    live.onEvent({ type: 'run-finished', at: Date.now() });
    await live.stop();

    const output = terminal.output();
    expect(output).toContain('3/5');
    expect(output).toContain('1 failed');
    expect(output).toContain('captions disabled');
    expect(output).toContain('tokens 12.3k in / 950 out');
    expect(output).toContain('cost $0.0123');
    expect(output).toContain('finished in');
    expect(live.state().stages.transcript?.done).toBe(2);
    await sleep(20);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
    expect(setIntervalSpy).toHaveBeenCalled();
    for (const { value: interval } of setIntervalSpy.mock.results) expect(clearIntervalSpy).toHaveBeenCalledWith(interval);
  });

  it('prints log lines once, above the live part, and never as JSON', async () => {
    const terminal = fakeTerminal();
    const live = startLiveProgress({ stdout: terminal.stdout });
    const events = runEvents(Date.now());
    for (const event of events) live.onEvent(event);
    await vi.waitFor(() => expect(terminal.output()).toContain('3/5'), { timeout: 45_000 });
    live.onLog('warning  stage failed: captions disabled  (springfield-il · "Meeting 2")');
    live.onEvent({ type: 'run-finished', at: Date.now() });
    await live.stop();
    const output = terminal.output();
    expect(output.split('warning  stage failed: captions disabled').length - 1).toBe(1);
    // Above the final frame, which is drawn after it.
    expect(output.lastIndexOf('warning  stage failed')).toBeLessThan(output.lastIndexOf('finished in'));
    expect(output).not.toContain('{"level"');
  });

  it('draws without colour codes when told to (NO_COLOR), with them otherwise', async () => {
    async function draw(color: boolean): Promise<{ raw: string; text: string }> {
      const terminal = fakeTerminal();
      let raw = '';
      terminal.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      const live = startLiveProgress({ stdout: terminal.stdout, color });
      for (const event of runEvents(Date.now())) live.onEvent(event);
      live.onEvent({ type: 'run-finished', at: Date.now() });
      await live.stop();
      return { raw, text: terminal.output() };
    }
    // SGR sequences (colour, bold, dim): ESC [ <numbers> m.
    const sgr = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);
    const plain = await draw(false);
    expect(plain.text).toContain('1 failed');
    expect(plain.raw).not.toMatch(sgr);
    expect((await draw(true)).raw).toMatch(sgr);
  });

  it('redraws once a second without events, so the elapsed time moves', async () => {
    const terminal = fakeTerminal();
    const live = startLiveProgress({ stdout: terminal.stdout });
    live.onEvent({ type: 'run-started', runId: null, at: Date.now(), stages: ['discover'], cities: ['x'] });
    // Any whole second past zero: a busy machine may skip straight past 1s.
    await vi.waitFor(() => expect(terminal.output()).toMatch(/elapsed [1-9]\d*s/), { timeout: 45_000, interval: 100 });
    await live.stop();
  });

  it('can stop before Ink has loaded, more than once, and ignores later events', async () => {
    const terminal = fakeTerminal();
    const live = startLiveProgress({ stdout: terminal.stdout });
    for (const event of runEvents(Date.now())) live.onEvent(event);
    const first = live.stop();
    expect(live.stop()).toBe(first);
    await first;
    expect(terminal.output()).toContain('3/5');
    live.onEvent({ type: 'stage-queued', stage: 'analysis', item: 'late', at: Date.now() });
    expect(live.state().stages.analysis?.total).toBe(1);
  });

  it('folds a burst of events without drawing each one', async () => {
    const terminal = fakeTerminal();
    let writes = 0;
    terminal.stdout.on('data', () => writes++);
    const live = startLiveProgress({ stdout: terminal.stdout });
    await sleep(200);
    const at = Date.now();
    live.onEvent({ type: 'run-started', runId: null, at, stages: ['analysis'], cities: ['x'] });
    for (let n = 0; n < 2000; n++) live.onEvent({ type: 'stage-queued', stage: 'analysis', item: `v${n}`, at });
    await live.stop();
    expect(live.state().stages.analysis?.total).toBe(2000);
    expect(terminal.output()).toContain('0/2000');
    expect(writes).toBeLessThan(20);
  });

  it('lets the process exit on its own after stop', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    // Waits for the first frame, so Ink is mounted and the ticker running when stop() comes.
    const script = `
      import { PassThrough } from 'node:stream';
      import { once } from 'node:events';
      import { startLiveProgress } from './cli/ui/live-progress.js';
      const terminal = Object.assign(new PassThrough(), { columns: 100, isTTY: true });
      let output = '';
      const firstFrame = once(terminal, 'data');
      terminal.on('data', (chunk) => { output += chunk; });
      const live = startLiveProgress({ stdout: terminal });
      const at = Date.now();
      live.onEvent({ type: 'run-started', runId: null, at, stages: ['discover'], cities: ['x'] });
      await firstFrame;
      live.onEvent({ type: 'stage-queued', stage: 'discover', item: 'a', at });
      await live.stop();
      process.stdout.write(output);
    `;
    // A leftover timer or listener would keep the child alive until execFile's timeout kills it.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      timeout: 20_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    expect(stripVTControlCharacters(stdout)).toContain('0/1');
  });
});
