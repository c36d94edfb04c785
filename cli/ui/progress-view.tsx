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
import { formatCost, formatCount, formatDuration, formatRate, formatTokens, truncate, UNKNOWN } from './format.js';

/**
 * The live picture of an ingest run: one row per stage, the model spend, the latest failures.
 * Pure rendering of a ProgressState at a given `now`; whoever mounts it owns the clock.
 * Columns have fixed widths and the variable parts sit at the ends of lines, so the frame
 * does not jitter as numbers grow.
 */
export interface ProgressViewProps {
  state: ProgressState;
  /** Epoch milliseconds used for elapsed time, rates and ETAs. */
  now: number;
}

export const BAR_WIDTH = 20;
export const MAX_FAILURE_LINES = 5;
const STAGE_WIDTH = Math.max(...RUN_STAGES.map((stage) => stage.length));
const LABEL_WIDTH = 50;
const REASON_WIDTH = 60;

export function ProgressView({ state, now }: ProgressViewProps) {
  const stages = RUN_STAGES.flatMap((name) => {
    const stage = state.stages[name];
    return stage ? [{ name, stage }] : [];
  });
  return (
    <Box flexDirection="column">
      <Header state={state} now={now} />
      {stages.map(({ name, stage }) => (
        <StageRow key={name} name={name} stage={stage} now={now} runFinished={state.finishedAt !== null} />
      ))}
      <ModelLine model={state.model} />
      {state.budget ? (
        <Text color="yellow" wrap="truncate-end">
          budget {formatCost(state.budget.limitUsd)} reached: no new model calls
        </Text>
      ) : null}
      <Failures failures={state.failures} />
    </Box>
  );
}

function Header({ state, now }: ProgressViewProps) {
  const cities = state.cities.length > 0 ? state.cities.join(', ') : UNKNOWN;
  if (state.startedAt === null) {
    return <Text wrap="truncate-end">starting…</Text>;
  }
  const finished = state.finishedAt !== null;
  const elapsed = formatDuration(((state.finishedAt ?? now) - state.startedAt) / 1000);
  return (
    <Text wrap="truncate-end">
      <Text bold>{finished ? 'finished in' : 'elapsed'}</Text> {elapsed.padEnd(7)}  cities {cities}
    </Text>
  );
}

interface StageRowProps {
  name: RunStage;
  stage: StageProgress;
  now: number;
  runFinished: boolean;
}

function StageRow({ name, stage, now, runFinished }: StageRowProps) {
  // The count, bar and ETA all measure items dealt with (done, skipped or failed); the notes
  // after the ETA say how many of those were skipped or failed.
  const finished = stage.done + stage.skipped + stage.failed;
  // A stage with nothing queued yet is waiting for discovery, not complete, until the run ends.
  const complete = isStageComplete(stage) && (stage.total > 0 || runFinished);
  // A finished stage keeps the rate it ended with instead of decaying while later stages run.
  const at = complete ? (stage.lastFinishedAt ?? now) : now;
  const rate = stageRate(stage, at);
  const eta = stageEta(stage, now);
  // Nothing left but not complete means work is still to be queued: no honest estimate.
  const etaText = eta === null || eta === 0 ? UNKNOWN : `eta ${formatDuration(eta)}`;
  return (
    <Text wrap="truncate-end">
      {name.padEnd(STAGE_WIDTH)}  <Text color="cyan">{renderBar(finished, stage.total, complete)}</Text>
      {` ${formatCount(finished, stage.total).padStart(9)}  `}
      {(rate === null ? UNKNOWN : formatRate(rate)).padStart(8)}
      {'  '}
      {complete ? <Text color="green">{'✓'.padEnd(10)}</Text> : etaText.padEnd(10)}
      {stage.failed > 0 ? <Text color="red">{`  ${stage.failed} failed`}</Text> : null}
      {stage.skipped > 0 ? `  ${stage.skipped} skipped` : null}
      {stage.running > 0 ? `  ${stage.running} running` : null}
    </Text>
  );
}

/** A bar that is full only when the stage is: rounding must not claim 20/20 at 99%. */
export function renderBar(finished: number, total: number, complete: boolean): string {
  const ratio = total > 0 ? Math.min(1, finished / total) : 0;
  const filled = complete ? BAR_WIDTH : Math.min(BAR_WIDTH - 1, Math.floor(ratio * BAR_WIDTH));
  return '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
}

function ModelLine({ model }: { model: ProgressState['model'] }) {
  return (
    <Text wrap="truncate-end">
      {'model'.padEnd(STAGE_WIDTH)}  {model.calls} {model.calls === 1 ? 'call' : 'calls'}
      {model.failedCalls > 0 ? <Text color="red"> ({model.failedCalls} failed)</Text> : null}
      {'  ·  '}tokens {formatTokens(model.tokensIn)} in / {formatTokens(model.tokensOut)} out
      {'  ·  '}cost {formatCost(model.costUsd)}
    </Text>
  );
}

function Failures({ failures }: { failures: FailureLine[] }) {
  if (failures.length === 0) return null;
  const shown = failures.slice(-MAX_FAILURE_LINES);
  const hidden = failures.length - shown.length;
  // Align the reasons under each other, but give short labels' spare width to the reasons.
  const labels = shown.map((failure) => truncate(failure.label, LABEL_WIDTH));
  const labelWidth = Math.max(...labels.map((label) => label.length));
  return (
    <Box flexDirection="column" marginTop={1}>
      {shown.map((failure, index) => (
        <Text key={`${failures.length - shown.length + index}`} wrap="truncate-end">
          <Text color="red">✗ {failure.stage.padEnd(STAGE_WIDTH)}</Text>  {(labels[index] ?? '').padEnd(labelWidth)}
          {'  '}
          <Text dimColor>{truncate(failure.reason, REASON_WIDTH)}</Text>
        </Text>
      ))}
      {hidden > 0 ? <Text dimColor>… and {hidden} more failures</Text> : null}
    </Box>
  );
}
