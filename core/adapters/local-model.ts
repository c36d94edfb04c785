import type { Analyzer, CallContext, ModelCall, ModelCallPurpose } from '../ports/language-model.js';
import { LOCAL_MODEL } from './local-analyzer/model-name.js';

// The analyzer and its NLP library weigh ~40 MB: loaded on first use, not by every command.
const loadAnalyzer = () => import('./local-analyzer/index.js');

const orUndefined = (value: string | null | undefined): string | undefined => value ?? undefined;

/**
 * Runs the synchronous local analyzer as a call: the caller's signal is honoured before the
 * work starts, and the run is reported through `onCall` with zero tokens and cost, so
 * `llm_calls` and cost reports cover meetings analysed offline too.
 */
async function runLocal<T>(purpose: ModelCallPurpose, ctx: CallContext | undefined, work: (analyzer: Awaited<ReturnType<typeof loadAnalyzer>>) => T): Promise<T> {
  const analyzer = await loadAnalyzer();
  ctx?.signal?.throwIfAborted();
  const started = performance.now();
  const record = (ok: boolean, error?: string): ModelCall => ({
    model: LOCAL_MODEL,
    purpose,
    tokensIn: 0,
    tokensOut: 0,
    latencyMs: Math.round(performance.now() - started),
    costUsd: 0,
    ok,
    offline: true,
    ...(error === undefined ? {} : { error }),
  });
  let result: T;
  try {
    result = work(analyzer);
  } catch (error) {
    await ctx?.onCall?.(record(false, error instanceof Error ? error.message : String(error)));
    throw error;
  }
  await ctx?.onCall?.(record(true));
  return result;
}

/** The offline analyzer behind the `Analyzer` port: no network, no key. */
export function createLocalAnalyzer(): Analyzer {
  return {
    kind: 'local',
    model: LOCAL_MODEL,
    // Offline: every call is free, whatever the meeting's length.
    estimate: (work) => ({ model: LOCAL_MODEL, offline: true, calls: work.analyses.length + work.stories, tokensIn: 0, tokensOut: 0, costUsd: 0 }),
    analyze(input, ctx) {
      return runLocal('analysis', ctx, ({ analyzeTranscript, findMeetingDate }) =>
        analyzeTranscript({
          segments: input.segments,
          title: orUndefined(input.title),
          description: orUndefined(input.description),
          // A date in the title or description wins; else the publication day, not today.
          meetingDate: findMeetingDate(orUndefined(input.title), orUndefined(input.description)) ?? orUndefined(input.publishedAt),
          cityName: orUndefined(input.cityName),
          ...(input.timed === undefined ? {} : { timed: input.timed }),
        }),
      );
    },
    writeStory(input, ctx) {
      return runLocal('story', ctx, ({ writeStory }) =>
        writeStory({
          analysis: input.analysis,
          segments: input.segments,
          title: orUndefined(input.title),
          description: orUndefined(input.description),
          cityName: orUndefined(input.cityName),
          publishedAt: orUndefined(input.publishedAt),
          additionalContext: orUndefined(input.additionalContext),
          ...(input.timed === undefined ? {} : { timed: input.timed }),
        }),
      );
    },
    prepare: async () => {
      await loadAnalyzer();
    },
  };
}
