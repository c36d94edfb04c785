import { stripVTControlCharacters } from 'node:util';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { initialProgress, reduceProgress, type PipelineEvent, type ProgressState, type RunStage } from '../../core/index.js';
import { barSegments, failuresCommand, ProgressView, stageVerdict } from './progress-view.js';

afterEach(cleanup);

const T0 = 1_700_000_000_000;

function fold(events: PipelineEvent[]): ProgressState {
  return events.reduce(reduceProgress, initialProgress());
}

function frameOf(state: ProgressState, now: number, columns = 100): string {
  const { lastFrame } = render(<ProgressView state={state} now={now} columns={columns} />);
  return stripVTControlCharacters(lastFrame() ?? '');
}

function lineOf(frame: string, start: string): string {
  const line = frame.split('\n').find((l) => l.startsWith(start));
  if (line === undefined) throw new Error(`no line starting with ${start} in:\n${frame}`);
  return line;
}

const started: PipelineEvent = {
  type: 'run-started',
  runId: 'run-1',
  at: T0,
  stages: ['discover', 'transcript', 'analysis'],
  cities: ['springfield-il', 'shelbyville-il'],
};

function item(stage: RunStage, n: number, outcome: 'done' | 'skipped' | 'failed' | 'undone', at: number, reason?: string): PipelineEvent[] {
  const id = `${stage}-${n}`;
  return [
    { type: 'stage-started', stage, item: id, at: at - 1000 },
    { type: 'stage-finished', stage, item: id, label: `Council meeting ${n}`, outcome, at, ...(reason ? { reason } : {}) },
  ];
}

function queue(stage: RunStage, count: number, at: number): PipelineEvent[] {
  return Array.from({ length: count }, (_, n) => ({ type: 'stage-queued' as const, stage, item: `${stage}-${n}`, at }));
}

function modelCall(tokensIn: number, tokensOut: number, costUsd: number, ok = true): PipelineEvent {
  return { type: 'model-call', at: T0, call: { model: 'gpt-test', purpose: 'analysis', tokensIn, tokensOut, latencyMs: 900, costUsd, ok } };
}

function offlineRun(): PipelineEvent {
  return { type: 'model-call', at: T0, call: { model: 'local-rules', purpose: 'analysis', tokensIn: 0, tokensOut: 0, latencyMs: 4, costUsd: 0, ok: true, offline: true } };
}

describe('ProgressView', () => {
  const midRun = fold([
    started,
    ...queue('discover', 1, T0),
    ...item('discover', 0, 'done', T0 + 2000),
    ...queue('transcript', 5, T0 + 2000),
    ...item('transcript', 0, 'done', T0 + 4000),
    ...item('transcript', 1, 'skipped', T0 + 6000, 'no captions yet'),
    ...item('transcript', 2, 'failed', T0 + 8000, 'YouTube returned 429 Too Many Requests'),
    { type: 'stage-started', stage: 'transcript', item: 'transcript-3', at: T0 + 9000 },
    ...queue('analysis', 1, T0 + 4000),
    modelCall(12_000, 300, 0.0100),
    modelCall(300, 650, 0.0023),
  ]);

  it('shows a header with the elapsed time and the cities', () => {
    const frame = frameOf(midRun, T0 + 185_000);
    expect(frame.split('\n')[0]).toContain('elapsed 3m 05s');
    expect(frame.split('\n')[0]).toContain('springfield-il, shelbyville-il');
  });

  it('shows each stage in pipeline order with counts, failures, skips and running items', () => {
    const frame = frameOf(midRun, T0 + 10_000);
    const names = frame.split('\n').map((line) => line.split(' ')[0]);
    expect(names.filter((name) => ['discover', 'transcript', 'analysis'].includes(name ?? ''))).toEqual([
      'discover',
      'transcript',
      'analysis',
    ]);
    expect(frame).not.toMatch(/^story/m);

    const transcript = lineOf(frame, 'transcript');
    expect(transcript).toContain('3/5');
    expect(transcript).toContain('1 failed');
    expect(transcript).toContain('1 skipped');
    expect(transcript).toContain('1 running');
    // 3 finished in 7 s since the first started: 0.43/s = 26/min; 2 left -> about 5 s.
    expect(transcript).toContain('26/min');
    expect(transcript).toContain('eta 5s');
    expect(transcript).toContain('█'.repeat(12) + '░'.repeat(8));
  });

  it('shows an interrupted stage as stopped with its undone items, never as finished and skipped (issue 26)', () => {
    const undone = (n: number): PipelineEvent => ({ type: 'stage-finished', stage: 'transcript', item: `transcript-${n}`, label: `Council meeting ${n}`, outcome: 'undone', reason: 'interrupted: left for the next run', at: T0 + 3000 });
    const state = fold([started, ...queue('transcript', 8, T0), ...item('transcript', 0, 'done', T0 + 2000), ...[1, 2, 3, 4, 5, 6, 7].map(undone), { type: 'run-finished', at: T0 + 4000 }]);
    const line = lineOf(frameOf(state, T0 + 5000), 'transcript');
    expect(line).toContain('1/8');
    expect(line).toContain('■ stopped');
    expect(line).toContain('7 not done');
    expect(line).not.toContain('✓');
    expect(line).not.toContain('skipped');
  });

  it('marks complete stages and unknown rates', () => {
    const frame = frameOf(midRun, T0 + 10_000);
    expect(lineOf(frame, 'discover')).toContain('✓');
    expect(lineOf(frame, 'discover')).toContain('1/1');
    const analysis = lineOf(frame, 'analysis');
    expect(analysis).toContain('0/1');
    expect(analysis).toContain('—');
    expect(analysis).not.toContain('✓');
  });

  it('does not call a stage with nothing queued complete until the run has finished', () => {
    const waiting = fold([started]);
    const waitingLine = lineOf(frameOf(waiting, T0 + 1000), 'analysis');
    expect(waitingLine).not.toContain('✓');
    expect(waitingLine).not.toContain('eta');
    const ended = reduceProgress(waiting, { type: 'run-finished', at: T0 + 2000 });
    const frame = frameOf(ended, T0 + 60_000);
    expect(lineOf(frame, 'analysis')).toContain('✓');
    expect(frame).toContain('finished in 2s');
  });

  it('shows model calls, tokens and cost', () => {
    const model = lineOf(frameOf(midRun, T0 + 10_000), 'model');
    expect(model).toContain('2 calls');
    expect(model).toContain('tokens 12.3k in / 950 out');
    expect(model).toContain('cost $0.0123');
    expect(model).not.toContain('failed');
  });

  it("says the offline analyzer's runs are no model calls, and tells them apart from a model's", () => {
    const offline = lineOf(frameOf(fold([started, offlineRun(), offlineRun()]), T0 + 10_000), 'model');
    expect(offline).toContain('2 offline analyzer runs, no model calls');
    expect(offline).not.toContain('tokens');
    expect(offline).toContain('cost $0.00');
    expect(lineOf(frameOf([offlineRun()].reduce(reduceProgress, midRun), T0 + 10_000), 'model')).toContain('2 calls + 1 offline run');
  });

  it('counts failed model calls and shows the budget once reached', () => {
    const state = [modelCall(100, 0, 0.001, false), { type: 'budget-reached', spentUsd: 5.01, limitUsd: 5, at: T0 } as const].reduce(
      reduceProgress,
      midRun,
    );
    const frame = frameOf(state, T0 + 10_000);
    expect(lineOf(frame, 'model')).toContain('3 calls (1 failed)');
    expect(frame).toContain('budget $5.00 reached: no new model calls');
    expect(frameOf(midRun, T0 + 10_000)).not.toContain('budget');
  });

  it('lists a failure with its stage and label, its reason on the line below', () => {
    const lines = frameOf(midRun, T0 + 10_000).split('\n');
    const at = lines.findIndex((line) => line.startsWith('✗'));
    expect(lines[at]).toContain('transcript');
    expect(lines[at]).toContain('Council meeting 2');
    expect(lines[at + 1]).toBe('    YouTube returned 429 Too Many Requests');
  });

  it('shows only the last five failures, truncated, and counts the rest', () => {
    const longLabel = `Regular City Council Meeting ${'and Budget Hearing '.repeat(5)}`;
    const events = Array.from({ length: 8 }, (_, n): PipelineEvent => ({
      type: 'stage-finished',
      stage: 'analysis',
      item: `v${n}`,
      label: n === 7 ? longLabel : `Meeting ${n}`,
      outcome: 'failed',
      reason: n === 7 ? `model refused: ${'x'.repeat(200)}` : `reason ${n}`,
      at: T0 + n,
    }));
    const frame = frameOf(fold([started, ...events]), T0 + 10_000, 80);
    const failures = frame.split('\n').filter((line) => line.startsWith('✗'));
    expect(failures).toHaveLength(5);
    expect(frame).not.toContain('Meeting 2\n');
    expect(frame).toContain('Meeting 3');
    expect(frame).toContain('… and 3 more failures');
    const last = failures[4] ?? '';
    expect(last).toContain('Regular City Council Meeting');
    expect(last).toContain('…');
    expect(frame).not.toContain('x'.repeat(77));
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('keeps the stage columns in place as numbers change', () => {
    const early = lineOf(frameOf(midRun, T0 + 10_000), 'transcript');
    const later = lineOf(frameOf(midRun, T0 + 4_000_000), 'transcript');
    expect(early.indexOf('/5')).toBe(later.indexOf('/5'));
    expect(early.indexOf('eta')).toBe(later.indexOf('eta'));
  });

  it('says it is starting before the run has begun', () => {
    expect(frameOf(initialProgress(), T0)).toContain('starting…');
  });
});

describe('ProgressView at 80 columns', () => {
  const oneCity: PipelineEvent = { ...started, cities: ['springfield-il'] } as PipelineEvent;
  const cause = '429 Too Many Requests (rate limit of gpt-4o-mini reached)';
  const longReason = `analysis failed: OpenAI request failed after 3 retries with exponential backoff over 94 seconds: ${cause}`;

  function failedAll(stage: RunStage, count: number): PipelineEvent[] {
    return [...queue(stage, count, T0), ...Array.from({ length: count }, (_, n) => item(stage, n, 'failed', T0 + 2000 + n, longReason)).flat()];
  }

  it('marks a stage where every item failed as failed, not as done', () => {
    const state = fold([oneCity, ...queue('discover', 1, T0), ...item('discover', 0, 'done', T0 + 500), ...failedAll('transcript', 3)]);
    const frame = frameOf(state, T0 + 10_000, 80);
    const transcript = lineOf(frame, 'transcript');
    expect(transcript).toContain('✗ failed');
    expect(transcript).toContain('3/3');
    expect(transcript).toContain('3 failed');
    expect(transcript).not.toContain('✓');
    expect(lineOf(frame, 'discover')).toContain('✓');
  });

  it('marks a stage where some items failed with "!", not "✓"', () => {
    const state = fold([oneCity, ...queue('transcript', 2, T0), ...item('transcript', 0, 'done', T0 + 500), ...item('transcript', 1, 'failed', T0 + 600, 'no captions')]);
    const transcript = lineOf(frameOf(state, T0 + 10_000, 80), 'transcript');
    expect(transcript).toContain('!');
    expect(transcript).not.toContain('✓');
    expect(transcript).toContain('1 failed');
  });

  it("keeps a failure reason's cause when the reason is cut to fit", () => {
    const frame = frameOf(fold([oneCity, ...failedAll('analysis', 1)]), T0 + 10_000, 80);
    expect(frame).toContain(cause);
    expect(frame).toContain('analysis failed');
    expect(frame).not.toContain(longReason);
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('names the command that lists every failure when some are not shown, and at the end', () => {
    const running = fold([oneCity, ...failedAll('analysis', 8)]);
    expect(frameOf(running, T0 + 10_000, 80)).toContain('… and 3 more failures: civic report --city springfield-il --failures');
    const few = fold([oneCity, ...failedAll('analysis', 2)]);
    expect(frameOf(few, T0 + 10_000, 80)).not.toContain('civic report');
    const ended = reduceProgress(few, { type: 'run-finished', at: T0 + 20_000 });
    expect(frameOf(ended, T0 + 20_000, 80)).toContain('Every failure in full: civic report --city springfield-il --failures');
  });

  it('fits every line of a busy run, counts included, into 80 columns', () => {
    const events = [
      { ...started, stages: ['discover', 'transcript', 'analysis', 'story', 'verify'], cities: ['springfield-il', 'shelbyville-il', 'capital-city-il', 'ogdenville-il'] } as PipelineEvent,
      ...queue('transcript', 1200, T0),
      ...Array.from({ length: 300 }, (_, n) => item('transcript', n, n % 3 === 0 ? 'failed' : n % 3 === 1 ? 'skipped' : 'done', T0 + 1000 + n, longReason)).flat(),
      { type: 'stage-started', stage: 'transcript', item: 'transcript-1000', at: T0 + 5000 } as PipelineEvent,
      modelCall(12_345_678, 987_654, 123.45, false),
      { type: 'budget-reached', spentUsd: 123.45, limitUsd: 100, at: T0 } as PipelineEvent,
    ];
    const frame = frameOf(fold(events), T0 + 4_000_000, 80);
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const transcript = lineOf(frame, 'transcript');
    expect(transcript).toContain('100 failed');
    expect(transcript).toContain('100 skipped');
    expect(transcript).toContain('1 running');
  });
});

describe('failuresCommand', () => {
  it("names the city when the run had one, else every city's failures", () => {
    expect(failuresCommand(['fairview-ca'])).toBe('civic report --city fairview-ca --failures');
    expect(failuresCommand(['fairview-ca', 'riverton-or'])).toBe('civic report --failures');
  });
});

describe('barSegments', () => {
  const stage = (done: number, failed: number, total: number) => ({ total, running: 0, done, skipped: 0, failed, undone: 0, firstStartedAt: T0, lastFinishedAt: T0 });

  it('draws failed items apart from the rest, so an all-failed stage is all failed cells', () => {
    expect(barSegments(stage(0, 4, 4), true, 10)).toEqual({ ok: '', failed: '█'.repeat(10), empty: '' });
    expect(barSegments(stage(2, 2, 8), false, 10)).toEqual({ ok: '█'.repeat(3), failed: '█'.repeat(2), empty: '░'.repeat(5) });
    expect(barSegments(stage(3, 0, 3), true, 10)).toEqual({ ok: '█'.repeat(10), failed: '', empty: '' });
  });

  it('is full only when the stage is complete: rounding never claims a full bar at 99%', () => {
    const cells = (done: number, total: number, complete: boolean) => {
      const bar = barSegments(stage(done, 0, total), complete);
      return bar.ok + bar.empty;
    };
    expect(cells(0, 0, false)).toBe('░'.repeat(20));
    expect(cells(99, 100, false)).toBe('█'.repeat(19) + '░');
    expect(cells(5, 5, true)).toBe('█'.repeat(20));
    expect(cells(1, 2, false)).toBe('█'.repeat(10) + '░'.repeat(10));
  });

  it('draws the failed cells differently without colour', () => {
    expect(barSegments(stage(0, 4, 4), true, 10, false).failed).toBe('▒'.repeat(10));
  });

  it('gives the verdict of a finished stage', () => {
    expect(stageVerdict(stage(3, 0, 3))).toBe('ok');
    expect(stageVerdict(stage(2, 1, 3))).toBe('some-failed');
    expect(stageVerdict(stage(0, 3, 3))).toBe('all-failed');
  });
});
