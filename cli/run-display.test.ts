import { describe, expect, it } from 'vitest';
import { initialProgress, type CityCostEstimate, type RunSummary } from '../core/index.js';
import { EXIT_INTERRUPTED_SIGINT } from './exit-codes.js';
import { describeEstimate, describeSummary, presentSummary } from './run-display.js';

const summary = (overrides: Partial<RunSummary> = {}): RunSummary => ({
  runId: 'run-1',
  dryRun: false,
  progress: initialProgress(),
  budgetReached: false,
  interrupted: false,
  durationMs: 12_000,
  videos: { total: 5, heldByOtherRuns: 0 },
  ...overrides,
});

const estimate = (overrides: Partial<CityCostEstimate> = {}): CityCostEstimate => ({
  city: 'fairview-ca',
  model: 'gpt-4o-mini',
  offline: false,
  calls: 10,
  tokensIn: 123_400,
  tokensOut: 25_000,
  costUsd: 0.0335,
  analyses: 5,
  stories: 5,
  withoutTranscript: 0,
  assumedChars: 88_000,
  ...overrides,
});

describe('the run summary', () => {
  it('says a stopped run was interrupted and that what it left is for the next run, in text and JSON', () => {
    const stopped = summary({ interrupted: true });
    const text = describeSummary(stopped);
    expect(text).toMatch(/^Interrupted: 0 not done in /);
    expect(text).toContain('Stopped before its end: what it did not do is left, not started, for the next run.');
    expect(presentSummary(stopped)).toMatchObject({ interrupted: true });
    expect(describeSummary(summary())).toMatch(/^Done in /);
    expect(presentSummary(summary())).toMatchObject({ interrupted: false });
    // The exit code that names it: 128 + SIGINT's number, as shells report it.
    expect(EXIT_INTERRUPTED_SIGINT).toBe(130);
  });

  it('tells work left undone apart from work skipped, in text and JSON (issue 26)', () => {
    const stage = (done: number, skipped: number, undone: number) => ({ total: done + skipped + undone, running: 0, done, skipped, failed: 0, undone, firstStartedAt: 0, lastFinishedAt: 0 });
    const progress = { ...initialProgress(), stages: { transcript: stage(1, 0, 7), analysis: stage(0, 1, 7) } };
    const stopped = summary({ interrupted: true, progress });
    expect(describeSummary(stopped)).toMatch(/^Interrupted: 14 not done in 12s/);
    expect(presentSummary(stopped)).toMatchObject({ interrupted: true, notDone: 14, stages: { transcript: { done: 1, skipped: 0, notDone: 7 }, analysis: { skipped: 1, notDone: 7 } } });
    const spent = summary({ budgetReached: true, progress: { ...initialProgress(), stages: { story: stage(2, 0, 3) } } });
    expect(describeSummary(spent)).toMatch(/^Budget reached: 3 not done in 12s/);
    expect(presentSummary(summary())).toMatchObject({ notDone: 0 });
  });

  it("names the offline analyzer's runs as no model calls, and a model's calls with their tokens and cost", () => {
    const withModel = (model: Partial<RunSummary['progress']['model']>) =>
      summary({ progress: { ...initialProgress(), model: { ...initialProgress().model, ...model } } });
    expect(describeSummary(withModel({ calls: 10, offlineCalls: 10 }))).toBe('Done in 12s: 10 offline analyzer runs, no model called, $0.00');
    expect(describeSummary(withModel({ calls: 3, offlineCalls: 1, tokensIn: 1000, tokensOut: 200, costUsd: 0.01 }))).toBe(
      'Done in 12s: 2 model calls and 1 offline analyzer run, 1.0k tokens in / 200 out, $0.01',
    );
    expect(describeSummary(withModel({ calls: 2, tokensIn: 1000, tokensOut: 200, costUsd: 0.01 }))).toBe('Done in 12s: 2 model calls, 1.0k tokens in / 200 out, $0.01');
  });
});

describe('a dry run', () => {
  it('prints each city’s estimated calls, tokens and dollars at the model’s price', () => {
    expect(describeEstimate(estimate())).toBe(
      'Estimated cost for fairview-ca: 10 model calls, 123.4k tokens in / 25.0k out, $0.0335 at gpt-4o-mini list prices ' +
        '(5 analyses, 5 stories; videos a discovery would find are not counted)',
    );
    expect(describeEstimate(estimate({ withoutTranscript: 2 }))).toContain('2 meetings without a transcript yet counted at 22.0k tokens each');
  });

  it('says the offline analyzer costs nothing, and why', () => {
    expect(describeEstimate(estimate({ offline: true, model: 'local-extractive-v1', tokensIn: 0, tokensOut: 0, costUsd: 0 }))).toBe(
      'Estimated cost for fairview-ca: $0.00 (5 analyses, 5 stories): the offline analyzer makes no paid model calls',
    );
  });

  it('lists the plan and the estimates together', () => {
    const planned = summary({
      dryRun: true,
      runId: null,
      plan: { sources: [], videos: [{ id: 'v1', videoId: 'fv001', title: 'Council', stages: ['analysis', 'story'] }], estimates: [estimate()] },
    });
    const lines = describeSummary(planned).split('\n');
    expect(lines[0]).toBe('Dry run: 0 sources to discover, 1 video:');
    expect(lines.at(-1)).toMatch(/^Estimated cost for fairview-ca: 10 model calls,/);
    expect(describeSummary({ ...planned, plan: { ...planned.plan!, estimates: null } })).toContain('Model cost: no estimate for this analyzer.');
  });
});
