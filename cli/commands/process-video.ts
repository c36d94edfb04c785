import { AppError, RunCutOff, type Core, type CityVideo, type PipelineEvent, type RunSummary, type VideoStageName } from '../../core/index.js';
import { onInterrupt } from '../interrupt.js';
import { namedInCliWords } from '../named-errors.js';
import { createRunDisplay, exitCodeOf, isInteractive } from '../run-display.js';

/** `civic transcript|analyze|story <video>`: the stages each runs (verify rechecks quotes after model work). */
export const VIDEO_COMMAND_STAGES = {
  transcript: ['transcript'],
  analyze: ['analysis', 'verify'],
  story: ['story', 'verify'],
} as const satisfies Record<string, readonly VideoStageName[]>;

export type VideoCommand = keyof typeof VIDEO_COMMAND_STAGES;

export interface ProcessVideoOptions {
  force?: boolean;
  /** `civic story --force`: write the story again even over a person's edits. */
  replaceEdited?: boolean;
  json?: boolean;
}

interface StageLine {
  stage: string;
  outcome: string;
  reason?: string;
}

/**
 * Runs one video's stages with the same display as `civic ingest`; exit code 1 when a stage
 * failed, and (unless --json, where the summary carries it) the reason as one line on stderr,
 * e.g. 'analysis failed: Video must have a transcript to run analysis'.
 */
export async function processVideo(core: Core, command: VideoCommand, target: string, options: ProcessVideoOptions): Promise<number> {
  // Resolve first: an unknown video is a usage error (exit 2) before any display starts.
  const video = await namedInCliWords(core.videos.resolveVideo(target));
  if (command === 'story') refuseToReplaceEdits(video, options);
  const display = createRunDisplay(options);
  const interrupt = onInterrupt();
  const lines: StageLine[] = [];
  const onEvent = (event: PipelineEvent) => {
    if (event.type === 'stage-finished') lines.push({ stage: event.stage, outcome: event.outcome, ...(event.reason ? { reason: event.reason } : {}) });
    display.onEvent(event);
  };
  let summary: RunSummary | null = null;
  try {
    summary = (await core.pipeline.processVideo(video.id, [...VIDEO_COMMAND_STAGES[command]], { force: options.force ?? false, replaceEdited: options.replaceEdited ?? false, onEvent, signal: interrupt.stop, abortSignal: interrupt.abort })).summary;
  } catch (error) {
    // Its database went away: what it did and left undone is printed, then the database's error.
    if (!(error instanceof RunCutOff)) throw error;
    summary = error.summary;
    throw error.cause;
  } finally {
    interrupt.dispose();
    await display.finish(summary);
  }
  if (isInteractive(options)) process.stdout.write(`${describeStageLines(video.title ?? video.video_id, lines)}\n`);
  if (!options.json) {
    for (const line of lines.filter((l) => l.outcome === 'failed')) process.stderr.write(`civic: ${line.stage} failed: ${line.reason ?? 'unknown error'}\n`);
  }
  return interrupt.exitCode() ?? exitCodeOf(summary);
}

/** As the site's Write story asks first, `civic story --force` does not silently write over an editor's work. */
function refuseToReplaceEdits(video: CityVideo, options: ProcessVideoOptions): void {
  if (!options.force || options.replaceEdited || !video.story_edited_at) return;
  throw new AppError(
    'CONFLICT',
    `A person edited this story (civic story show ${video.video_id} has its history); add --replace-edited to write it again over their edits, which stay in that history`,
  );
}

export function describeStageLines(label: string, lines: readonly StageLine[]): string {
  return [label, ...lines.map((line) => `  ${line.stage.padEnd(11)}${line.outcome}${line.reason && line.outcome !== 'failed' ? `: ${line.reason}` : ''}`)].join('\n');
}
