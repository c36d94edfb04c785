import type { Instance } from 'ink';
import type { ReactElement } from 'react';
import { initialProgress, reduceProgress, type PipelineEvent, type ProgressState } from '../../core/index.js';

/**
 * Draws a pipeline run's progress in the terminal while it runs. The runner's events are
 * folded into a ProgressState on arrival; the screen is redrawn at most ~10 times a second
 * and once a second regardless (elapsed time and ETAs move without events).
 *
 * Ink and React are imported lazily so `civic --help` and the JSON mode never load them;
 * events that arrive while they load are folded in and shown on the first frame.
 */
export interface LiveProgress {
  /** Folds an event into the state and schedules a redraw. */
  onEvent(event: PipelineEvent): void;
  /** Prints a line (a log line, a warning) once, above the live part, where it stays. */
  onLog(line: string): void;
  /** The state folded so far (the same numbers the JSON summary reports). */
  state(): ProgressState;
  /**
   * Draws the final state once, unmounts and resolves when Ink has written it. Leaves no
   * timers behind. Idempotent. Rejects if Ink could not be loaded or the view failed.
   */
  stop(): Promise<void>;
}

export interface LiveProgressOptions {
  /** Where to draw; defaults to process.stdout. Log lines come through onLog, never straight to the terminal. */
  stdout?: NodeJS.WriteStream;
  /** False under NO_COLOR: no colour codes at all. */
  color?: boolean;
}

const MIN_REDRAW_INTERVAL_MS = 100;
const TICK_INTERVAL_MS = 1000;

type Draw = (state: ProgressState, now: number, logLines: readonly string[]) => ReactElement;

async function loadRenderer(stdout: NodeJS.WriteStream, state: ProgressState, logLines: readonly string[], color: boolean) {
  const [ink, react, view] = await Promise.all([import('ink'), import('react'), import('./progress-view.js')]);
  // Read at each frame: the terminal may be resized during a run. Without a width (not a
  // terminal), the 80 columns everything is made to fit.
  const columns = () => (stdout.columns > 0 ? stdout.columns : 80);
  // Ink's <Static> writes each new line once above the live frame and never redraws it.
  const draw: Draw = (current, now, lines) =>
    react.createElement(
      react.Fragment,
      null,
      react.createElement(ink.Static<string>, {
        items: [...lines],
        children: (line: string, index: number) => react.createElement(ink.Text, { key: index, wrap: 'wrap' }, line),
      }),
      react.createElement(view.ProgressView, { state: current, now, columns: columns(), color }),
    );
  const instance = ink.render(draw(state, Date.now(), logLines), { stdout, patchConsole: false, exitOnCtrlC: false });
  // Ask for the exit promise before unmounting: asked afterwards, Ink never settles it.
  const exited = instance.waitUntilExit();
  // A render error makes Ink exit with it; stop() reports it, the run must not crash on it.
  exited.catch(() => undefined);
  return { draw, instance, exited };
}

export function startLiveProgress(options: LiveProgressOptions = {}): LiveProgress {
  const stdout = options.stdout ?? process.stdout;
  const color = options.color ?? true;
  let state = initialProgress();
  // Append-only: <Static> remembers how many it has printed.
  const logLines: string[] = [];
  let stopping: Promise<void> | null = null;
  let renderer: { draw: Draw; instance: Instance; exited: Promise<unknown> } | null = null;
  let loadError: unknown = null;
  let lastRedrawAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | null = null;
  let ticker: NodeJS.Timeout | null = null;

  function redraw(): void {
    if (!renderer || stopping) return;
    lastRedrawAt = Date.now();
    renderer.instance.rerender(renderer.draw(state, lastRedrawAt, logLines));
  }

  function scheduleRedraw(): void {
    if (!renderer || stopping || pending) return;
    const wait = lastRedrawAt + MIN_REDRAW_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      redraw();
      return;
    }
    pending = setTimeout(() => {
      pending = null;
      redraw();
    }, wait);
    pending.unref();
  }

  const ready = loadRenderer(stdout, state, logLines, color).then(
    (loaded) => {
      renderer = loaded;
      lastRedrawAt = Date.now();
      if (stopping) return;
      ticker = setInterval(redraw, TICK_INTERVAL_MS);
      ticker.unref();
      // Events may have arrived while Ink was loading and the first frame was being drawn.
      scheduleRedraw();
    },
    (error: unknown) => {
      loadError = error;
    },
  );

  async function finish(): Promise<void> {
    await ready;
    if (pending) clearTimeout(pending);
    if (ticker) clearInterval(ticker);
    pending = null;
    ticker = null;
    if (!renderer) throw loadError;
    const { draw, instance, exited } = renderer;
    instance.rerender(draw(state, state.finishedAt ?? Date.now(), logLines));
    instance.unmount();
    await exited;
  }

  return {
    onEvent(event) {
      state = reduceProgress(state, event);
      scheduleRedraw();
    },
    onLog(line) {
      logLines.push(line);
      scheduleRedraw();
    },
    state: () => state,
    stop() {
      stopping ??= finish();
      return stopping;
    },
  };
}
