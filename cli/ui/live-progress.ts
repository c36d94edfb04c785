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
  /** The state folded so far (the same numbers the JSON summary reports). */
  state(): ProgressState;
  /**
   * Draws the final state once, unmounts and resolves when Ink has written it. Leaves no
   * timers behind. Idempotent. Rejects if Ink could not be loaded or the view failed.
   */
  stop(): Promise<void>;
}

export interface LiveProgressOptions {
  /** Where to draw; defaults to process.stdout. Logs must go elsewhere (stderr or a file). */
  stdout?: NodeJS.WriteStream;
}

const MIN_REDRAW_INTERVAL_MS = 100;
const TICK_INTERVAL_MS = 1000;

type Draw = (state: ProgressState, now: number) => ReactElement;

async function loadRenderer(stdout: NodeJS.WriteStream, state: ProgressState) {
  const [ink, react, view] = await Promise.all([import('ink'), import('react'), import('./progress-view.js')]);
  const draw: Draw = (current, now) => react.createElement(view.ProgressView, { state: current, now });
  const instance = ink.render(draw(state, Date.now()), { stdout, patchConsole: false, exitOnCtrlC: false });
  // Ask for the exit promise before unmounting: asked afterwards, Ink never settles it.
  const exited = instance.waitUntilExit();
  // A render error makes Ink exit with it; stop() reports it, the run must not crash on it.
  exited.catch(() => undefined);
  return { draw, instance, exited };
}

export function startLiveProgress(options: LiveProgressOptions = {}): LiveProgress {
  const stdout = options.stdout ?? process.stdout;
  let state = initialProgress();
  let stopping: Promise<void> | null = null;
  let renderer: { draw: Draw; instance: Instance; exited: Promise<unknown> } | null = null;
  let loadError: unknown = null;
  let lastRedrawAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | null = null;
  let ticker: NodeJS.Timeout | null = null;

  function redraw(): void {
    if (!renderer || stopping) return;
    lastRedrawAt = Date.now();
    renderer.instance.rerender(renderer.draw(state, lastRedrawAt));
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

  const ready = loadRenderer(stdout, state).then(
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
    instance.rerender(draw(state, state.finishedAt ?? Date.now()));
    instance.unmount();
    await exited;
  }

  return {
    onEvent(event) {
      state = reduceProgress(state, event);
      scheduleRedraw();
    },
    state: () => state,
    stop() {
      stopping ??= finish();
      return stopping;
    },
  };
}
