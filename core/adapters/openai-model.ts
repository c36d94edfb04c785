import { AppError } from '../errors.js';
import type { Analyzer, CallContext } from '../ports/language-model.js';
import { errorMentionsSecret, redactError, redactSecrets } from '../privacy/redact-secrets.js';
import { estimateModelWork, estimatePlanOf } from './openai/estimate.js';
import type { OpenAiAnalyzerOptions } from './openai/openai-analyzer.js';

/**
 * The OpenAI analyzer, its SDK (some 600 modules, ~10 MB) loaded by the first model call: a
 * command that never calls the model (db, search, a transcript-only run) never loads it. One
 * analyzer is made on that first call and shared by every call after, so its rate limiter
 * sees them all, as it would if made up front.
 */
export function createOpenAiModel(options: OpenAiAnalyzerOptions): Analyzer {
  if (!options.apiKey) throw new AppError('CONFIG', 'OPENAI_API_KEY is required for the openai analyzer');
  let analyzer: Promise<Analyzer> | undefined;
  const load = () => (analyzer ??= import('./openai/openai-analyzer.js').then(({ createOpenAiAnalyzer }) => createOpenAiAnalyzer(options)));
  return {
    kind: 'openai',
    model: options.model,
    // Priced without the SDK: a dry run never loads it.
    estimate: (work) => estimateModelWork(estimatePlanOf(options), work),
    analyze: (input, ctx) => keptSecret(options.apiKey, ctx, async (guarded) => (await load()).analyze(input, guarded)),
    writeStory: (input, ctx) => keptSecret(options.apiKey, ctx, async (guarded) => (await load()).writeStory(input, guarded)),
    prepare: async () => {
      await load();
    },
  };
}

/**
 * The key never leaves the adapter: a server or proxy that echoes the Authorization header
 * puts it into the SDK's error text, which would reach call records, logs and stored errors.
 * Errors without it (a budget stop, an abort reason) pass through as they are.
 */
async function keptSecret<T>(apiKey: string, ctx: CallContext | undefined, work: (ctx: CallContext | undefined) => Promise<T>): Promise<T> {
  const onCall = ctx?.onCall;
  const guarded: CallContext | undefined = onCall
    ? { ...ctx, onCall: (call) => onCall(call.error === undefined ? call : { ...call, error: redactSecrets(call.error, [apiKey]) }) }
    : ctx;
  try {
    return await work(guarded);
  } catch (error) {
    throw errorMentionsSecret(error, [apiKey]) ? redactError(error, [apiKey]) : error;
  }
}
