import { Box, Text } from 'ink';
import {
  isStageComplete,
  RUN_STAGES,
  stageEta,
  stageRate,
  type FailureLine,
  type ProgressState,
  type RunStage,
  type StageProgress,
} from '../../core/index.js';
import { formatCompact, formatCount, formatUsd, UNKNOWN } from '../../core/domain/format.js';
import { onlyOfflineRuns } from '../../core/domain/model-usage.js';
import { formatDoneOfTotal, formatDuration, formatRate, truncate, truncateKeepingCause } from './format.js';

/**
 * The live picture of an ingest run: one row per stage, the model spend, the latest failures.
 * Pure rendering of a ProgressState at a given `now`; whoever mounts it owns the clock.
 * Columns have fixed widths and the variable parts sit at the ends of lines, so the frame
 * does not jitter as numbers grow; every line fits `columns`.
 */
export interface ProgressViewProps {
  state: ProgressState;
  /** Epoch milliseconds used for elapsed time, rates and ETAs. */
  now: number;
  /** The terminal's width: lines are laid out to fit it (80 when unknown). */
  columns?: number;
  /** False under NO_COLOR: then no colour or other styling at all, the marks (✓ ✗ !) carry the meaning. */
  color?: boolean;
}

const BAR_WIDTH = 20;
/**
 * Narrow terminals (under 100 columns) get a shorter bar and no rate column (the ETA stays),
 * so the failed, skipped and running counts after them still fit in 80 columns.
 */
const NARROW_BAR_WIDTH = 8;
const WIDE_COLUMNS = 100;
const MAX_FAILURE_LINES = 5;
const STAGE_WIDTH = Math.max(...RUN_STAGES.map((stage) => stage.length));
const FAILURE_INDENT = '    ';

export function ProgressView({ state, now, columns = 80, color = true }: ProgressViewProps) {
  const stages = RUN_STAGES.flatMap((name) => {
    const stage = state.stages[name];
    return stage ? [{ name, stage }] : [];
  });
  const wide = columns >= WIDE_COLUMNS;
  const barWidth = wide ? BAR_WIDTH : NARROW_BAR_WIDTH;
  return (
    <Box flexDirection="column" width={columns}>
      <Header state={state} now={now} color={color} />
      {stages.map(({ name, stage }) => (
        <StageRow
          key={name}
          name={name}
          stage={stage}
          now={now}
          runFinished={state.finishedAt !== null}
          barWidth={barWidth}
          showRate={wide}
          color={color}
        />
      ))}
      <ModelLine model={state.model} color={color} />
      {state.budget ? (
        <Text color={color ? 'yellow' : undefined} wrap="truncate-end">
          budget {formatUsd(state.budget.limitUsd)} reached: no new model calls
        </Text>
      ) : null}
      <Failures state={state} columns={columns} color={color} />
    </Box>
  );
}

function Header({ state, now, color }: { state: ProgressState; now: number; color: boolean }) {
  const cities = state.cities.length > 0 ? state.cities.join(', ') : UNKNOWN;
  if (state.startedAt === null) {
    return <Text wrap="truncate-end">starting…</Text>;
  }
  const finished = state.finishedAt !== null;
  const elapsed = formatDuration(((state.finishedAt ?? now) - state.startedAt) / 1000);
  return (
    <Text wrap="truncate-end">
      <Text bold={color}>{finished ? 'finished in' : 'elapsed'}</Text> {elapsed.padEnd(7)}  cities {cities}
    </Text>
  );
}

interface StageRowProps {
  name: RunStage;
  stage: StageProgress;
  now: number;
  runFinished: boolean;
  barWidth: number;
  showRate: boolean;
  color: boolean;
}

/** How a finished stage ended: all well, some items failed, nothing but failures, or stopped with work left undone. */
export type StageVerdict = 'ok' | 'some-failed' | 'all-failed' | 'stopped';

export function stageVerdict(stage: StageProgress): StageVerdict {
  // An interrupted stage must not look finished (issue 26): its undone items are the next run's.
  if (stage.undone > 0) return 'stopped';
  if (stage.failed === 0) return 'ok';
  return stage.done + stage.skipped === 0 ? 'all-failed' : 'some-failed';
}

const VERDICT_MARK: Record<StageVerdict, { mark: string; color: string }> = {
  ok: { mark: '✓', color: 'green' },
  'some-failed': { mark: '!', color: 'yellow' },
  'all-failed': { mark: '✗ failed', color: 'red' },
  stopped: { mark: '■ stopped', color: 'yellow' },
};

function StageRow({ name, stage, now, runFinished, barWidth, showRate, color }: StageRowProps) {
  // The count and bar measure items settled (done, skipped or failed), never those left
  // undone; the notes after the ETA say how many were skipped, failed or not done.
  const finished = stage.done + stage.skipped + stage.failed;
  // A stage with nothing queued yet is waiting for discovery, not complete, until the run ends.
  const complete = isStageComplete(stage) && (stage.total > 0 || runFinished);
  // A finished stage keeps the rate it ended with instead of decaying while later stages run.
  const at = complete ? (stage.lastFinishedAt ?? now) : now;
  const rate = stageRate(stage, at);
  const eta = stageEta(stage, now);
  // Nothing left but not complete means work is still to be queued: no honest estimate.
  const etaText = eta === null || eta === 0 ? UNKNOWN : `eta ${formatDuration(eta)}`;
  const bar = barSegments(stage, complete, barWidth, color);
  const verdict = VERDICT_MARK[stageVerdict(stage)];
  return (
    <Text wrap="truncate-end">
      {name.padEnd(STAGE_WIDTH)}  <Text color={color ? 'cyan' : undefined}>{bar.ok}</Text>
      <Text color={color ? 'red' : undefined}>{bar.failed}</Text>
      {bar.empty}
      {` ${formatDoneOfTotal(finished, stage.total).padStart(9)}  `}
      {showRate ? `${(rate === null ? UNKNOWN : formatRate(rate)).padStart(8)}  ` : null}
      {complete ? <Text color={color ? verdict.color : undefined}>{verdict.mark.padEnd(10)}</Text> : etaText.padEnd(10)}
      {stage.failed > 0 ? <Text color={color ? 'red' : undefined}>{`  ${stage.failed} failed`}</Text> : null}
      {stage.skipped > 0 ? `  ${stage.skipped} skipped` : null}
      {stage.undone > 0 ? <Text color={color ? 'yellow' : undefined}>{`  ${stage.undone} not done`}</Text> : null}
      {stage.running > 0 ? `  ${stage.running} running` : null}
    </Text>
  );
}

/**
 * The bar's parts: items done or skipped, items failed (drawn red, so a stage where all
 * failed is a red bar, not a full cyan one), and what is left. Full only when the stage is:
 * rounding must not claim a full bar at 99%. Under NO_COLOR the failed part is drawn '▒'.
 */
export function barSegments(stage: StageProgress, complete: boolean, width = BAR_WIDTH, color = true): { ok: string; failed: string; empty: string } {
  const finished = stage.done + stage.skipped + stage.failed;
  // A stopped stage is not full: what it left undone stays empty.
  const filled = filledCells(finished, stage.total, complete && stage.undone === 0, width);
  // Never rounded away: one failure among many still shows one red cell.
  const failedCells = stage.failed === 0 || filled === 0 ? 0 : Math.min(filled, Math.max(1, Math.floor((filled * stage.failed) / finished)));
  const okCells = filled - failedCells;
  return { ok: '█'.repeat(okCells), failed: (color ? '█' : '▒').repeat(failedCells), empty: '░'.repeat(width - filled) };
}

function filledCells(finished: number, total: number, complete: boolean, width: number): number {
  const ratio = total > 0 ? Math.min(1, finished / total) : 0;
  return complete ? width : Math.min(width - 1, Math.floor(ratio * width));
}

// Short words for the live line; the offline analyzer's runs are no model calls.
function liveCallCount(model: ProgressState['model']): string {
  if (onlyOfflineRuns(model)) return `${formatCount(model.calls, 'offline analyzer run')}, no model calls`;
  const paid = formatCount(model.calls - model.offlineCalls, 'call');
  return model.offlineCalls > 0 ? `${paid} + ${formatCount(model.offlineCalls, 'offline run')}` : paid;
}

function ModelLine({ model, color }: { model: ProgressState['model']; color: boolean }) {
  return (
    <Text wrap="truncate-end">
      {'model'.padEnd(STAGE_WIDTH)}  {liveCallCount(model)}
      {model.failedCalls > 0 ? <Text color={color ? 'red' : undefined}> ({model.failedCalls} failed)</Text> : null}
      {onlyOfflineRuns(model) ? null : `  ·  tokens ${formatCompact(model.tokensIn)} in / ${formatCompact(model.tokensOut)} out`}
      {'  ·  '}cost {formatUsd(model.costUsd)}
    </Text>
  );
}

/** The command that lists every failure of the run's cities, with its full reason. */
export function failuresCommand(cities: readonly string[]): string {
  return cities.length === 1 ? `civic report --city ${cities[0]} --failures` : 'civic report --failures';
}

/**
 * The latest failures, each as its stage and item, then its reason on a line of its own cut
 * to the width keeping the cause; then how many more there are and the command that lists
 * them all.
 */
function Failures({ state, columns, color }: { state: ProgressState; columns: number; color: boolean }) {
  const { failures } = state;
  if (failures.length === 0) return null;
  const shown = failures.slice(-MAX_FAILURE_LINES);
  const hidden = failures.length - shown.length;
  const command = failuresCommand(state.cities);
  const footer =
    hidden > 0
      ? `… and ${hidden} more ${hidden === 1 ? 'failure' : 'failures'}: ${command}`
      : state.finishedAt !== null
        ? `Every failure in full: ${command}`
        : null;
  return (
    <Box flexDirection="column" marginTop={1}>
      {shown.map((failure, index) => (
        <FailureLines key={`${hidden + index}`} failure={failure} columns={columns} color={color} />
      ))}
      {/* Wrapped, never cut: the command must stay whole to be copied. */}
      {footer ? <Text dimColor={color}>{footer}</Text> : null}
    </Box>
  );
}

function FailureLines({ failure, columns, color }: { failure: FailureLine; columns: number; color: boolean }) {
  const head = `✗ ${failure.stage.padEnd(STAGE_WIDTH)}  `;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text color={color ? 'red' : undefined}>{head}</Text>
        {truncate(failure.label, columns - head.length)}
      </Text>
      <Text dimColor={color} wrap="truncate-end">
        {FAILURE_INDENT}
        {truncateKeepingCause(failure.reason, columns - FAILURE_INDENT.length)}
      </Text>
    </Box>
  );
}
