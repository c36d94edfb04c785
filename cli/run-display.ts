import { undoneCount, type CityCostEstimate, type PipelineEvent, type RunSummary } from '../core/index.js';
import { EXIT_OK, EXIT_PARTIAL_FAILURE, EXIT_WORK_HELD } from './exit-codes.js';
import { formatCompact, formatCount, formatUsd } from '../core/domain/format.js';
import { describeModelUsage } from '../core/domain/model-usage.js';
import { formatDuration } from './ui/format.js';
import { startLiveProgress, type LiveProgress } from './ui/live-progress.js';
import { terminalLogs } from './ui/log-relay.js';

/**
 * How a pipeline run shows itself: Ink progress in a terminal; otherwise nothing on stdout
 * until the JSON summary (pino lines on stderr carry the details), so cron output parses.
 */
export interface RunDisplay {
  onEvent(event: PipelineEvent): void;
  finish(summary: RunSummary | null): Promise<void>;
}

export function isInteractive(options: { json?: boolean }): boolean {
  return !options.json && process.stdout.isTTY === true;
}

/**
 * https://no-color.org: a non-empty NO_COLOR means no colour codes at all. A preference of
 * the terminal's user, not a setting of Town Crier, so it is read here and not in core/config.
 */
export function wantsColor(env: Record<string, string | undefined> = process.env): boolean {
  return !env.NO_COLOR;
}

export function createRunDisplay(options: { json?: boolean }): RunDisplay {
  if (!isInteractive(options)) {
    return {
      onEvent: () => undefined,
      finish: async (summary) => {
        // One line: cron mails, `jq` and log shippers take it whole.
        if (summary) process.stdout.write(`${JSON.stringify(presentSummary(summary))}\n`);
      },
    };
  }
  const live: LiveProgress = startLiveProgress({ color: wantsColor() });
  // While the display is on screen, warnings are lines in it rather than JSON through it.
  const detachLogs = terminalLogs.attach((line) => live.onLog(line));
  return {
    onEvent: (event) => live.onEvent(event),
    finish: async (summary) => {
      detachLogs();
      await live.stop();
      if (summary) process.stdout.write(`${describeSummary(summary)}\n`);
    },
  };
}

/** The JSON result of a run: counts per stage, failures, model usage. */
export function presentSummary(summary: RunSummary) {
  const { progress } = summary;
  const stages = Object.fromEntries(
    Object.entries(progress.stages).map(([stage, s]) => [stage, { total: s.total, done: s.done, skipped: s.skipped, failed: s.failed, notDone: s.undone }]),
  );
  return {
    runId: summary.runId,
    dryRun: summary.dryRun,
    cities: progress.cities,
    stages,
    failures: progress.failures,
    model: { ...progress.model, costUsd: Number(progress.model.costUsd.toFixed(6)) },
    budgetReached: summary.budgetReached,
    interrupted: summary.interrupted,
    // Work the run left for the next one (interrupted, budget spent): never counted as skipped.
    notDone: undoneCount(progress),
    videos: summary.videos,
    durationMs: summary.durationMs,
    ...(summary.plan ? { plan: summary.plan } : {}),
  };
}

export function describeSummary(summary: RunSummary): string {
  const { progress } = summary;
  const lines: string[] = [];
  if (summary.plan) {
    lines.push(`Dry run: ${formatCount(summary.plan.sources.length, 'source')} to discover, ${formatCount(summary.plan.videos.length, 'video')}:`);
    for (const video of summary.plan.videos) {
      lines.push(`  ${video.videoId}  ${video.stages.length > 0 ? video.stages.join(', ') : 'nothing to do'}  ${video.title ?? ''}`);
    }
    const { estimates } = summary.plan;
    if (estimates === null) lines.push('Model cost: no estimate for this analyzer.');
    else for (const estimate of estimates) lines.push(describeEstimate(estimate));
    return lines.join('\n');
  }
  const failed = progress.failures.length;
  const undone = undoneCount(progress);
  // Work left undone is said first: an interrupted run must not read as finished (issue 26).
  const head = summary.interrupted || undone > 0
    ? `${summary.interrupted ? 'Interrupted' : summary.budgetReached ? 'Budget reached' : 'Stopped'}: ${undone} not done${failed > 0 ? `, ${formatCount(failed, 'failure')}` : ''}`
    : failed === 0 ? 'Done' : `Done with ${formatCount(failed, 'failure')}`;
  lines.push(`${head} in ${formatDuration(summary.durationMs / 1000)}: ${describeModelUsage(progress.model)}`);
  if (summary.budgetReached) lines.push('The run budget was reached: the remaining model work was left for the next run.');
  if (summary.interrupted) lines.push('Stopped before its end: what it did not do is left, not started, for the next run.');
  return lines.join('\n');
}

/** One city's line of a dry run: what its model work would cost, and on what it rests. */
export function describeEstimate(estimate: CityCostEstimate): string {
  const work = `${formatCount(estimate.analyses, 'analysis', 'analyses')}, ${formatCount(estimate.stories, 'story', 'stories')}`;
  if (estimate.offline) return `Estimated cost for ${estimate.city}: ${formatUsd(0)} (${work}): the offline analyzer makes no paid model calls`;
  const assumed =
    estimate.withoutTranscript > 0
      ? `; ${formatCount(estimate.withoutTranscript, 'meeting')} without a transcript yet counted at ${formatCompact(estimate.assumedChars / 4)} tokens each`
      : '';
  return (
    `Estimated cost for ${estimate.city}: ${formatCount(estimate.calls, 'model call')}, ${formatCompact(estimate.tokensIn)} tokens in / ${formatCompact(estimate.tokensOut)} out, ` +
    `${formatUsd(estimate.costUsd)} at ${estimate.model} list prices (${work}${assumed}; videos a discovery would find are not counted)`
  );
}

/** Every video of the run was another run's to work on: this one did nothing, and says so. */
export function allHeldElsewhere(summary: RunSummary): boolean {
  return !summary.dryRun && summary.videos.total > 0 && summary.videos.heldByOtherRuns === summary.videos.total;
}

export function exitCodeOf(summary: RunSummary): number {
  if (summary.progress.failures.length > 0) return EXIT_PARTIAL_FAILURE;
  return allHeldElsewhere(summary) ? EXIT_WORK_HELD : EXIT_OK;
}
