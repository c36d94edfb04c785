import type { Core } from '../../core/index.js';
import type { RunOptions } from '../context.js';

/**
 * Each command's module, and core with it, is imported when that command runs: `civic --help`
 * and a usage error load only commander (the compiled CLI keeps each in its own chunk).
 */
export const load = {
  context: () => import('../context.js'),
  runDisplay: () => import('../run-display.js'),
  core: () => import('../../core/index.js'),
  analyze: () => import('../commands/analyze.js'),
  city: () => import('../commands/city.js'),
  confirm: () => import('../confirm.js'),
  db: () => import('../commands/db.js'),
  ingest: () => import('../commands/ingest.js'),
  processVideo: () => import('../commands/process-video.js'),
  report: () => import('../commands/report.js'),
  search: () => import('../commands/search.js'),
  serve: () => import('../commands/serve.js'),
  source: () => import('../commands/source.js'),
  story: () => import('../commands/story.js'),
  storyInput: () => import('../commands/story-input.js'),
  newsroomText: () => import('../ui/newsroom-text.js'),
  user: () => import('../commands/user.js'),
  video: () => import('../commands/video.js'),
  queue: () => import('../commands/queue.js'),
  schedule: () => import('../commands/schedule.js'),
  worker: () => import('../commands/worker.js'),
  alerts: () => import('../commands/alerts.js'),
};

/** What a command prints: `data` as JSON with --json, else the `human` words. */
export interface Printed {
  data: unknown;
  human: string;
}

/**
 * The action of most commands: load the command's module(s) next to the CLI context, open core
 * with `run` (given the loaded modules when its checks need them) and print what `work` returns.
 */
export async function runPrinting<M>(
  loadModule: () => Promise<M>,
  run: RunOptions | ((loaded: M) => RunOptions),
  options: { json?: boolean },
  work: (loaded: M, core: Core) => Promise<Printed>,
): Promise<void> {
  const [{ runWithCore, printResult }, loaded] = await Promise.all([load.context(), loadModule()]);
  return runWithCore(typeof run === 'function' ? run(loaded) : run, async (core) => {
    const { data, human } = await work(loaded, core);
    printResult(data, human, options);
  });
}

/** For a command whose work needs core alone. */
export const noModule = async (): Promise<null> => null;

export const STAGES_HELP = 'comma-separated stages: discover,transcript,analysis,story,verify (default: all)';
export const JSON_HELP = 'print the result as JSON';
